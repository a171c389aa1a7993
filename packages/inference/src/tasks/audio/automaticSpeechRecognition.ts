// automaticSpeechRecognition: raw bytes for hf-inference; for fal-ai a JSON body with a base64 `audio_url` (§3.5).
import type { AutomaticSpeechRecognitionInput, AutomaticSpeechRecognitionOutput } from "../../inference-types.js";
import { base64FromBlob } from "../../lib/base64.js";
import { InferenceClientInputError, InferenceOutputError } from "../../lib/errors.js";
import type { AnyArgs } from "../../lib/makeRequestOptions.js";
import { FAL_AUDIO_TYPES, falAudioArgs } from "../../providers/fal-ai-audio.js";
import { AUTOMATIC_SPEECH_RECOGNITION_HELPERS } from "../../providers/helpers-by-task.js";
import type { ProviderHelper } from "../../providers/types.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyBinaryInput, runTask, toBinaryArgs } from "../run.js";

export type AutomaticSpeechRecognitionArgs = BaseArgs & (AutomaticSpeechRecognitionInput | LegacyBinaryInput);

async function prepare(args: AnyArgs, helper: ProviderHelper<unknown>): Promise<AnyArgs> {
  if (helper.provider !== "fal-ai") return toBinaryArgs(args);
  const candidate = args.data instanceof Blob ? args.data : args.inputs;
  const type = candidate instanceof Blob ? candidate.type : undefined;
  if (!type) {
    throw new InferenceClientInputError(
      "Unable to determine the input's content-type. Make sure your are passing a Blob when using provider fal-ai.",
    );
  }
  if (!FAL_AUDIO_TYPES.includes(type)) {
    throw new InferenceClientInputError(
      `Provider fal-ai does not support blob type ${type} - supported content types are: ${FAL_AUDIO_TYPES.join(", ")}`,
    );
  }
  const base64 = await base64FromBlob(candidate as Blob);
  const { data: _data, inputs: _inputs, ...rest } = args;
  return falAudioArgs(rest, type, base64);
}

function checkText(data: unknown): void {
  if (typeof (data as { text?: unknown } | null)?.text !== "string") {
    throw new InferenceOutputError("Expected {text: string}");
  }
}

export async function automaticSpeechRecognition(
  args: AutomaticSpeechRecognitionArgs,
  options?: Options,
): Promise<AutomaticSpeechRecognitionOutput> {
  return runTask<AutomaticSpeechRecognitionOutput>(args, options, {
    task: "automatic-speech-recognition",
    table: AUTOMATIC_SPEECH_RECOGNITION_HELPERS,
    prepare,
    check: checkText,
  });
}
