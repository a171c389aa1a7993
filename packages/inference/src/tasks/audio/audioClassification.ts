// audioClassification (audio-classification, hf-inference only): the raw bytes are the body.
import type { AudioClassificationInput, AudioClassificationOutput } from "../../inference-types.js";
import { hfInferenceAudioClassification } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyBinaryInput, runTask, toBinaryArgs } from "../run.js";

export type AudioClassificationArgs = BaseArgs & (AudioClassificationInput | LegacyBinaryInput);

const TABLE = { "hf-inference": hfInferenceAudioClassification };

export async function audioClassification(
  args: AudioClassificationArgs,
  options?: Options,
): Promise<AudioClassificationOutput> {
  return runTask<AudioClassificationOutput>(args, options, {
    task: "audio-classification",
    table: TABLE,
    prepare: toBinaryArgs,
  });
}
