// Audio tasks: audio classification, speech recognition, text to speech / audio.
import type { ClassificationOutputElement, ClassificationParameters, GenerationParameters } from "./common.js";

export type AudioClassificationParameters = ClassificationParameters;
export interface AudioClassificationInput {
  /** The audio data (raw bytes or a file). */
  inputs: Blob;
  parameters?: AudioClassificationParameters;
  [property: string]: unknown;
}
export type AudioClassificationOutputElement = ClassificationOutputElement;
export type AudioClassificationOutput = AudioClassificationOutputElement[];

export interface AutomaticSpeechRecognitionParameters {
  generation_parameters?: GenerationParameters;
  /** Whether to output the timestamps of each chunk. */
  return_timestamps?: boolean;
  [property: string]: unknown;
}
export interface AutomaticSpeechRecognitionInput {
  inputs: Blob;
  parameters?: AutomaticSpeechRecognitionParameters;
  [property: string]: unknown;
}
export interface AutomaticSpeechRecognitionOutputChunk {
  text: string;
  /** Start and end of the chunk, in seconds. */
  timestamp: number[];
  [property: string]: unknown;
}
export interface AutomaticSpeechRecognitionOutput {
  chunks?: AutomaticSpeechRecognitionOutputChunk[];
  text: string;
  [property: string]: unknown;
}

export interface TextToAudioParameters {
  generation_parameters?: GenerationParameters;
  [property: string]: unknown;
}
export interface TextToAudioInput {
  inputs: string;
  parameters?: TextToAudioParameters;
  [property: string]: unknown;
}
export interface TextToAudioOutput {
  audio: unknown;
  sampling_rate: number;
  [property: string]: unknown;
}

export interface TextToSpeechParameters {
  generation_parameters?: GenerationParameters;
  [property: string]: unknown;
}
export interface TextToSpeechInput {
  inputs: string;
  parameters?: TextToSpeechParameters;
  [property: string]: unknown;
}
export interface TextToSpeechOutput {
  audio: unknown;
  sampling_rate?: number;
  [property: string]: unknown;
}
