// The request the client itself builds for what a snippet does: the task function is called with the same
// token, provider, model and inputs, and its first inference request is captured (hub look-ups go to the
// emulator; nothing is sent to a provider).
import type { Emulator } from "@hubkit/emulator";
import * as client from "../../../src/index.js";
import type { InferenceProvider } from "../../../src/types.js";

export interface WireRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  /** Parsed JSON body (with `stream: false` dropped: it means the same as no `stream`), or the raw bytes. */
  body: unknown;
}

type TaskCall = (args: Record<string, unknown>, options: client.Options) => Promise<unknown>;

const fn = (name: string): TaskCall => {
  const value = (client as unknown as Record<string, unknown>)[name];
  if (typeof value !== "function") throw new Error(`no client function ${name}`);
  return async (args, options) => {
    const result = value(args, options);
    // async generators (streams): the request is sent on the first next()
    if (result && typeof (result as AsyncGenerator)[Symbol.asyncIterator] === "function") {
      for await (const _ of result as AsyncGenerator) break;
      return undefined;
    }
    return result;
  };
};

/** Task function per pipeline tag (text-to-audio has none: `request` with the task, as §2.1 says). */
const TASK_FUNCTIONS: Record<string, TaskCall> = {
  "audio-classification": fn("audioClassification"),
  "audio-to-audio": fn("audioToAudio"),
  "automatic-speech-recognition": fn("automaticSpeechRecognition"),
  "document-question-answering": fn("documentQuestionAnswering"),
  "feature-extraction": fn("featureExtraction"),
  "fill-mask": fn("fillMask"),
  "image-classification": fn("imageClassification"),
  "image-segmentation": fn("imageSegmentation"),
  "image-to-image": fn("imageToImage"),
  "image-to-text": fn("imageToText"),
  "object-detection": fn("objectDetection"),
  "question-answering": fn("questionAnswering"),
  "sentence-similarity": fn("sentenceSimilarity"),
  summarization: fn("summarization"),
  "table-question-answering": fn("tableQuestionAnswering"),
  "tabular-classification": fn("tabularClassification"),
  "tabular-regression": fn("tabularRegression"),
  "text-classification": fn("textClassification"),
  "text-generation": fn("textGeneration"),
  "text-to-image": fn("textToImage"),
  "text-to-speech": fn("textToSpeech"),
  "text-to-audio": (args, options) => client.request(args as never, { ...options, task: "text-to-audio" }),
  "text-to-video": fn("textToVideo"),
  "token-classification": fn("tokenClassification"),
  translation: fn("translation"),
  "zero-shot-classification": fn("zeroShotClassification"),
  "zero-shot-image-classification": fn("zeroShotImageClassification"),
  conversational: fn("chatCompletion"),
  conversationalStream: fn("chatCompletionStream"),
};

export function normalizeBody(body: unknown): unknown {
  if (body && typeof body === "object" && !Array.isArray(body) && (body as { stream?: unknown }).stream === false) {
    const { stream: _stream, ...rest } = body as Record<string, unknown>;
    return rest;
  }
  return body;
}

async function bodyOf(init: RequestInit | undefined): Promise<unknown> {
  const body = init?.body;
  if (typeof body === "string") return normalizeBody(JSON.parse(body));
  if (body === undefined || body === null) return undefined;
  return new Uint8Array(await new Response(body as BodyInit).arrayBuffer());
}

/**
 * Calls the client for `call` = pipeline tag (or "conversational"/"conversationalStream") with `args`
 * (BaseArgs are added here) and returns the request it sent.
 */
export async function clientRequest(
  emu: Emulator,
  call: string,
  provider: InferenceProvider,
  model: string,
  accessToken: string,
  args: Record<string, unknown>,
): Promise<WireRequest> {
  const task = TASK_FUNCTIONS[call];
  if (!task) throw new Error(`no client call for ${call}`);
  let captured: WireRequest | undefined;
  const capture = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (new URL(url).host === "huggingface.co") return emu.fetch(input, init);
    if (!captured) {
      const headers = new Headers(init?.headers);
      captured = {
        method: init?.method ?? "GET",
        url,
        authorization: headers.get("authorization") ?? undefined,
        body: await bodyOf(init),
      };
    }
    throw new Error("captured");
  };
  try {
    await task({ accessToken, provider, model, ...args }, { fetch: capture as typeof fetch, retry_on_error: false });
  } catch (error) {
    if (!captured) throw error;
  }
  if (!captured) throw new Error(`the client sent nothing for ${call}`);
  return captured;
}
