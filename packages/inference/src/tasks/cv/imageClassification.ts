// imageClassification (image-classification, hf-inference only): the raw bytes are the body.
import type { ImageClassificationInput, ImageClassificationOutput } from "../../inference-types.js";
import { hfInferenceImageClassification } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyBinaryInput, runTask, toBinaryArgs } from "../run.js";

export type ImageClassificationArgs = BaseArgs & (ImageClassificationInput | LegacyBinaryInput);

const TABLE = { "hf-inference": hfInferenceImageClassification };

export async function imageClassification(
  args: ImageClassificationArgs,
  options?: Options,
): Promise<ImageClassificationOutput> {
  return runTask<ImageClassificationOutput>(args, options, {
    task: "image-classification",
    table: TABLE,
    prepare: toBinaryArgs,
  });
}
