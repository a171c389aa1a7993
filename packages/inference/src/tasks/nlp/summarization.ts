// summarization (summarization, hf-inference only). A summary of a text (element 0 of the answer).
import type { SummarizationInput, SummarizationOutput } from "../../inference-types.js";
import { hfInferenceSummarization } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type SummarizationArgs = BaseArgs & SummarizationInput;

const TABLE = { "hf-inference": hfInferenceSummarization };

export async function summarization(args: SummarizationArgs, options?: Options): Promise<SummarizationOutput> {
  return runTask<SummarizationOutput>(args, options, { task: "summarization", table: TABLE });
}
