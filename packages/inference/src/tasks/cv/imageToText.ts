// imageToText (image-to-text, hf-inference only): the raw bytes are the body; returns element 0 of the answer.
import type { ImageToTextInput, ImageToTextOutput } from "../../inference-types.js";
import { hfInferenceImageToText } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyBinaryInput, runTask, toBinaryArgs } from "../run.js";

export type ImageToTextArgs = BaseArgs & (ImageToTextInput | LegacyBinaryInput);

const TABLE = { "hf-inference": hfInferenceImageToText };

export async function imageToText(args: ImageToTextArgs, options?: Options): Promise<ImageToTextOutput> {
  return runTask<ImageToTextOutput>(args, options, { task: "image-to-text", table: TABLE, prepare: toBinaryArgs });
}
