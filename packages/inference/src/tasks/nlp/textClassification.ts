// textClassification (text-classification, hf-inference only). Labels of a text (element 0 of the doubly nested answer).
import type { TextClassificationInput, TextClassificationOutput } from "../../inference-types.js";
import { hfInferenceTextClassification } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TextClassificationArgs = BaseArgs & TextClassificationInput;

const TABLE = { "hf-inference": hfInferenceTextClassification };

export async function textClassification(
  args: TextClassificationArgs,
  options?: Options,
): Promise<TextClassificationOutput> {
  return runTask<TextClassificationOutput>(args, options, { task: "text-classification", table: TABLE });
}
