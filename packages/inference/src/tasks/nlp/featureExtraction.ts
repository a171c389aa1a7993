// featureExtraction (feature-extraction, hf-inference only). Embeddings of one or more texts.
import type { FeatureExtractionInput } from "../../inference-types.js";
import type { FeatureExtractionOutput } from "../../providers/hf-inference-tasks.js";
import { hfInferenceFeatureExtraction } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type { FeatureExtractionOutput };

export type FeatureExtractionArgs = BaseArgs & FeatureExtractionInput;

const TABLE = { "hf-inference": hfInferenceFeatureExtraction };

export async function featureExtraction(
  args: FeatureExtractionArgs,
  options?: Options,
): Promise<FeatureExtractionOutput> {
  return runTask<FeatureExtractionOutput>(args, options, { task: "feature-extraction", table: TABLE });
}
