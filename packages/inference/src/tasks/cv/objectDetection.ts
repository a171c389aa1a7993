// objectDetection (object-detection, hf-inference only): the raw bytes are the body.
import type { ObjectDetectionInput, ObjectDetectionOutput } from "../../inference-types.js";
import { hfInferenceObjectDetection } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyBinaryInput, runTask, toBinaryArgs } from "../run.js";

export type ObjectDetectionArgs = BaseArgs & (ObjectDetectionInput | LegacyBinaryInput);

const TABLE = { "hf-inference": hfInferenceObjectDetection };

export async function objectDetection(args: ObjectDetectionArgs, options?: Options): Promise<ObjectDetectionOutput> {
  return runTask<ObjectDetectionOutput>(args, options, {
    task: "object-detection",
    table: TABLE,
    prepare: toBinaryArgs,
  });
}
