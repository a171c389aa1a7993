// textGenerationStream: text generation with `stream: true`; yields token events (TGI format).
import { TEXT_GENERATION_HELPERS } from "../../providers/helpers-by-task.js";
import type { HelperTable } from "../../providers/registry.js";
import type { Options } from "../../types.js";
import { runStreamingTask } from "../run.js";
import type { TextGenerationArgs } from "./textGeneration.js";

export interface TextGenerationStreamToken {
  id: number;
  text: string;
  logprob: number;
  special: boolean;
}

export interface TextGenerationStreamPrefillToken {
  id: number;
  text: string;
  logprob?: number;
}

export type TextGenerationStreamFinishReason = "length" | "eos_token" | "stop_sequence";

export interface TextGenerationStreamBestOfSequence {
  generated_text: string;
  finish_reason: TextGenerationStreamFinishReason;
  generated_tokens: number;
  seed?: number;
  prefill: TextGenerationStreamPrefillToken[];
  tokens: TextGenerationStreamToken[];
}

export interface TextGenerationStreamDetails {
  finish_reason: TextGenerationStreamFinishReason;
  generated_tokens: number;
  seed?: number;
  prefill: TextGenerationStreamPrefillToken[];
  tokens: TextGenerationStreamToken[];
  best_of_sequences?: TextGenerationStreamBestOfSequence[];
}

export interface TextGenerationStreamOutput {
  index?: number;
  token: TextGenerationStreamToken;
  /** Complete text, only on the last event. */
  generated_text: string | null;
  /** Only on the last event, when details were requested. */
  details: TextGenerationStreamDetails | null;
}

export async function* textGenerationStream(
  args: TextGenerationArgs,
  options?: Options,
): AsyncGenerator<TextGenerationStreamOutput> {
  yield* runStreamingTask<TextGenerationStreamOutput>(
    args,
    options,
    "text-generation",
    TEXT_GENERATION_HELPERS as HelperTable<unknown>,
  );
}
