// imageSegmentation (image-segmentation, hf-inference only): the raw bytes are the body.
import type { ImageSegmentationInput, ImageSegmentationOutput } from "../../inference-types.js";
import { hfInferenceImageSegmentation } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyBinaryInput, runTask, toBinaryArgs } from "../run.js";

export type ImageSegmentationArgs = BaseArgs & (ImageSegmentationInput | LegacyBinaryInput);

const TABLE = { "hf-inference": hfInferenceImageSegmentation };

export async function imageSegmentation(
  args: ImageSegmentationArgs,
  options?: Options,
): Promise<ImageSegmentationOutput> {
  return runTask<ImageSegmentationOutput>(args, options, {
    task: "image-segmentation",
    table: TABLE,
    prepare: toBinaryArgs,
  });
}
