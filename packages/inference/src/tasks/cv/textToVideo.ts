// textToVideo (text-to-video): fal-ai (queue + polling) or replicate; resolves to the video Blob.
import type { TextToVideoInput } from "../../inference-types.js";
import { TEXT_TO_VIDEO_HELPERS } from "../../providers/helpers-by-task.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TextToVideoArgs = BaseArgs & TextToVideoInput;
export type TextToVideoOutput = Blob;

export async function textToVideo(args: TextToVideoArgs, options?: Options): Promise<TextToVideoOutput> {
  return runTask(args, options, { task: "text-to-video", table: TEXT_TO_VIDEO_HELPERS });
}
