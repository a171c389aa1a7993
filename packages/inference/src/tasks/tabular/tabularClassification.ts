// tabularClassification (tabular-classification, hf-inference only): one number per row of the table.
import { hfInferenceTabularClassification } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TabularClassificationArgs = BaseArgs & {
  inputs: {
    /** A table of data: column name → values (one per row). */
    data: Record<string, string[]>;
  };
};

/** One prediction per row. */
export type TabularClassificationOutput = number[];

const TABLE = { "hf-inference": hfInferenceTabularClassification };

export async function tabularClassification(
  args: TabularClassificationArgs,
  options?: Options,
): Promise<TabularClassificationOutput> {
  return runTask(args, options, { task: "tabular-classification", table: TABLE });
}
