// visualQuestionAnswering (hf-inference only): JSON `{inputs: {question, image: <base64>}}`; returns element 0.
import type { VisualQuestionAnsweringInput, VisualQuestionAnsweringOutputElement } from "../../inference-types.js";
import { hfInferenceVisualQuestionAnswering } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";
import { imageQuestionArgs } from "./imageQuestionArgs.js";

export type VisualQuestionAnsweringArgs = BaseArgs & VisualQuestionAnsweringInput;

const TABLE = { "hf-inference": hfInferenceVisualQuestionAnswering };

export async function visualQuestionAnswering(
  args: VisualQuestionAnsweringArgs,
  options?: Options,
): Promise<VisualQuestionAnsweringOutputElement> {
  return runTask<VisualQuestionAnsweringOutputElement>(args, options, {
    task: "visual-question-answering",
    table: TABLE,
    prepare: imageQuestionArgs,
  });
}
