// questionAnswering (question-answering, hf-inference only). The answer span of a question in a context.
import type { QuestionAnsweringInput, QuestionAnsweringOutputElement } from "../../inference-types.js";
import { hfInferenceQuestionAnswering } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type QuestionAnsweringArgs = BaseArgs & QuestionAnsweringInput;

const TABLE = { "hf-inference": hfInferenceQuestionAnswering };

export async function questionAnswering(
  args: QuestionAnsweringArgs,
  options?: Options,
): Promise<QuestionAnsweringOutputElement> {
  return runTask<QuestionAnsweringOutputElement>(args, options, { task: "question-answering", table: TABLE });
}
