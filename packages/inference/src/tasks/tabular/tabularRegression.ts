// tabularRegression (tabular-regression, hf-inference only): one number per row of the table.
import { hfInferenceTabularRegression } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TabularRegressionArgs = BaseArgs & {
  inputs: {
    /** A table of data: column name → values (one per row). */
    data: Record<string, string[]>;
  };
};

/** One prediction per row. */
export type TabularRegressionOutput = number[];

const TABLE = { "hf-inference": hfInferenceTabularRegression };

export async function tabularRegression(
  args: TabularRegressionArgs,
  options?: Options,
): Promise<TabularRegressionOutput> {
  return runTask(args, options, { task: "tabular-regression", table: TABLE });
}
