// sentenceSimilarity (sentence-similarity, hf-inference only). Similarity of a sentence with each of several others.
import type { SentenceSimilarityInput, SentenceSimilarityOutput } from "../../inference-types.js";
import { hfInferenceSentenceSimilarity } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type SentenceSimilarityArgs = BaseArgs & SentenceSimilarityInput;

const TABLE = { "hf-inference": hfInferenceSentenceSimilarity };

export async function sentenceSimilarity(
  args: SentenceSimilarityArgs,
  options?: Options,
): Promise<SentenceSimilarityOutput> {
  return runTask<SentenceSimilarityOutput>(args, options, { task: "sentence-similarity", table: TABLE });
}
