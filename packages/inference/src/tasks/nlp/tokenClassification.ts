// tokenClassification (token-classification, hf-inference only). Entities found in a text.
import type { TokenClassificationInput, TokenClassificationOutput } from "../../inference-types.js";
import { hfInferenceTokenClassification } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TokenClassificationArgs = BaseArgs & TokenClassificationInput;

const TABLE = { "hf-inference": hfInferenceTokenClassification };

export async function tokenClassification(
  args: TokenClassificationArgs,
  options?: Options,
): Promise<TokenClassificationOutput> {
  return runTask<TokenClassificationOutput>(args, options, { task: "token-classification", table: TABLE });
}
