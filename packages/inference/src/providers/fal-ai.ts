// fal-ai: text-to-image, text-to-speech, automatic-speech-recognition (synchronous) and text-to-video (queue, §4.4).

import { blobFromDataUrl } from "../lib/base64.js";
import { discardBody, readBlob } from "../lib/body.js";
import { InferenceClientLimitError, InferenceOutputError, InferenceTimeoutError } from "../lib/errors.js";
import { callFetch } from "../lib/fetched.js";
import { defineHelper, imageFromUrl, splitArgs } from "./base.js";
import { pollFalQueue } from "./fal-ai-queue.js";
import { isObject, isString } from "./validate.js";

export const FAL_AI_URL = "https://fal.run";
export const FAL_AI_QUEUE_URL = "https://queue.fal.run";

export const falAiTextToImage = /* @__PURE__ */ defineHelper<string | Blob>({
  provider: "fal-ai",
  task: "text-to-image",
  directUrl: FAL_AI_URL,
  keyScheme: "Key",
  route: ({ model }) => model,
  payload: ({ args }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    return { ...rest, ...parameters, sync_mode: true, prompt: inputs };
  },
  getResponse: (response, context) => {
    const image = isObject(response) && Array.isArray(response.images) ? response.images[0] : undefined;
    if (isObject(image) && isString(image.url)) return imageFromUrl(image.url, context);
    throw new InferenceOutputError("Expected Fal.ai text-to-image response format");
  },
});

export const falAiTextToSpeech = /* @__PURE__ */ defineHelper<Blob>({
  provider: "fal-ai",
  task: "text-to-speech",
  directUrl: FAL_AI_URL,
  keyScheme: "Key",
  route: ({ model }) => model,
  payload: ({ args }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    return { ...rest, ...parameters, lyrics: inputs };
  },
  getResponse: async (response, context) => {
    const audio = isObject(response) ? response.audio : undefined;
    if (!isObject(audio) || !isString(audio.url)) {
      throw new InferenceOutputError(
        `Expected { audio: { url: string } } format from Fal.ai Text-to-Speech, got: ${JSON.stringify(response)}`,
      );
    }
    const url = audio.url;
    try {
      const local = blobFromDataUrl(url);
      if (local) return local;
      const download = await callFetch(context.call, url, { method: "GET" });
      if (!download.response.ok) {
        await discardBody(download);
        throw new Error(`Failed to fetch audio from ${url}: ${download.response.statusText}`);
      }
      return await readBlob(download, context.call.options);
    } catch (error) {
      if (context.call.signal?.aborted) throw context.call.signal.reason;
      // Bounds keep their own typed error (idle timeout, size cap).
      if (error instanceof InferenceTimeoutError || error instanceof InferenceClientLimitError) throw error;
      const cause = error instanceof Error ? error.message : String(error);
      throw new InferenceOutputError(
        `Error fetching or processing audio from Fal.ai Text-to-Speech URL: ${url}. ${cause}`,
      );
    }
  },
});

export const falAiTextToVideo = /* @__PURE__ */ defineHelper<Blob>({
  provider: "fal-ai",
  task: "text-to-video",
  directUrl: FAL_AI_QUEUE_URL,
  directUrlKey: "fal-ai-queue",
  keyScheme: "Key",
  route: ({ model, authMethod }) => (authMethod === "provider-key" ? model : `${model}?_subdomain=queue`),
  payload: ({ args }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    return { ...rest, ...parameters, prompt: inputs };
  },
  getResponse: (response, context) => pollFalQueue(response, context),
});

export interface FalAutomaticSpeechRecognitionOutput {
  text: string;
}

export const falAiAutomaticSpeechRecognition = /* @__PURE__ */ defineHelper<FalAutomaticSpeechRecognitionOutput>({
  provider: "fal-ai",
  task: "automatic-speech-recognition",
  directUrl: FAL_AI_URL,
  keyScheme: "Key",
  route: ({ model }) => model,
  payload: ({ args }) => ({ ...args }),
  getResponse: (response) => {
    if (isObject(response) && isString(response.text)) return { text: response.text };
    throw new InferenceOutputError(
      `Expected { text: string } format from Fal.ai Automatic Speech Recognition, got: ${JSON.stringify(response)}`,
    );
  },
});
