// tableQuestionAnswering (table-question-answering, hf-inference only). Answers a question about a table.
import type { TableQuestionAnsweringInput, TableQuestionAnsweringOutputElement } from "../../inference-types.js";
import { hfInferenceTableQuestionAnswering } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TableQuestionAnsweringArgs = BaseArgs & TableQuestionAnsweringInput;

const TABLE = { "hf-inference": hfInferenceTableQuestionAnswering };

export async function tableQuestionAnswering(
  args: TableQuestionAnsweringArgs,
  options?: Options,
): Promise<TableQuestionAnsweringOutputElement> {
  return runTask<TableQuestionAnsweringOutputElement>(args, options, {
    task: "table-question-answering",
    table: TABLE,
  });
}
