// textToSpeech (text-to-speech): hf-inference, fal-ai or replicate; always resolves to a Blob.
import type { TextToSpeechInput } from "../../inference-types.js";
import { TEXT_TO_SPEECH_HELPERS } from "../../providers/helpers-by-task.js";
import type { BaseArgs, Options } from "../../types.js";
import { runTask } from "../run.js";

export type TextToSpeechArgs = BaseArgs & TextToSpeechInput;

export async function textToSpeech(args: TextToSpeechArgs, options?: Options): Promise<Blob> {
  return runTask(args, options, { task: "text-to-speech", table: TEXT_TO_SPEECH_HELPERS });
}
