// documentQuestionAnswering (hf-inference only): JSON `{inputs: {question, image: <base64>}}`; returns element 0.
import type { DocumentQuestionAnsweringInput, DocumentQuestionAnsweringOutputElement } from "../../inference-types.js";
import { hfInferenceDocumentQuestionAnswering } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";
import { imageQuestionArgs } from "./imageQuestionArgs.js";

export type DocumentQuestionAnsweringArgs = BaseArgs & DocumentQuestionAnsweringInput;

const TABLE = { "hf-inference": hfInferenceDocumentQuestionAnswering };

export async function documentQuestionAnswering(
  args: DocumentQuestionAnsweringArgs,
  options?: Options,
): Promise<DocumentQuestionAnsweringOutputElement> {
  return runTask<DocumentQuestionAnsweringOutputElement>(args, options, {
    task: "document-question-answering",
    table: TABLE,
    prepare: imageQuestionArgs,
  });
}
