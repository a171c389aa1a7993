// zeroShotClassification (zero-shot-classification, hf-inference only). Scores of candidate labels for a text.
import type { ZeroShotClassificationInput, ZeroShotClassificationOutput } from "../../inference-types.js";
import { hfInferenceZeroShotClassification } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type ZeroShotClassificationArgs = BaseArgs & ZeroShotClassificationInput;

const TABLE = { "hf-inference": hfInferenceZeroShotClassification };

export async function zeroShotClassification(
  args: ZeroShotClassificationArgs,
  options?: Options,
): Promise<ZeroShotClassificationOutput> {
  return runTask<ZeroShotClassificationOutput>(args, options, { task: "zero-shot-classification", table: TABLE });
}
