// audioToAudio (audio-to-audio, hf-inference only): separated/enhanced audio tracks, each as base64.
import { hfInferenceAudioToAudio } from "../../providers/hf-inference-tasks.js";
import type { BaseArgs, Options } from "../../types.js";
import { type LegacyBinaryInput, runTask, toBinaryArgs } from "../run.js";

export type AudioToAudioArgs = BaseArgs & ({ inputs: Blob; parameters?: Record<string, unknown> } | LegacyBinaryInput);

export interface AudioToAudioOutputElem {
  /** The label of the audio track (e.g. a speaker). */
  label: string;
  /** Base64 of the audio bytes. */
  blob: string;
  /** Media type of `blob`. */
  "content-type": string;
}
export type AudioToAudioOutput = AudioToAudioOutputElem[];

const TABLE = { "hf-inference": hfInferenceAudioToAudio };

export async function audioToAudio(args: AudioToAudioArgs, options?: Options): Promise<AudioToAudioOutput> {
  return runTask<AudioToAudioOutput>(args, options, { task: "audio-to-audio", table: TABLE, prepare: toBinaryArgs });
}
