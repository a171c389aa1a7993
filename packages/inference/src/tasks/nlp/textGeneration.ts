// textGeneration (text-generation): hf-inference, hyperbolic, nebius, novita, together; returns one result.
import type { TextGenerationInput, TextGenerationOutput } from "../../inference-types.js";
import { TEXT_GENERATION_HELPERS } from "../../providers/helpers-by-task.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TextGenerationArgs = BaseArgs & TextGenerationInput;

export async function textGeneration(args: TextGenerationArgs, options?: Options): Promise<TextGenerationOutput> {
  return runTask(args, options, { task: "text-generation", table: TEXT_GENERATION_HELPERS });
}
