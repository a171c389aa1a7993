// replicate: text-to-image, text-to-speech, text-to-video — synchronous thanks to `Prefer: wait` (§4.2–4.4).
import { InferenceOutputError } from "../lib/errors.js";
import type { InferenceTask } from "../types.js";
import { defineHelper, download, imageFromUrl, splitArgs } from "./base.js";
import type { ProviderHelper } from "./types.js";
import { isObject, isString } from "./validate.js";

export const REPLICATE_URL = "https://api.replicate.com";

function replicateHelper<T>(
  task: InferenceTask,
  getResponse: ProviderHelper<T>["getResponse"],
  textInput = false,
): ProviderHelper<T> {
  return defineHelper<T>({
    provider: "replicate",
    task,
    directUrl: REPLICATE_URL,
    extraHeaders: { Prefer: "wait" },
    route: ({ model }) => (model.includes(":") ? "v1/predictions" : `v1/models/${model}/predictions`),
    payload: ({ args, model }) => {
      const { rest, inputs, parameters } = splitArgs(args);
      const input: Record<string, unknown> = { ...rest, ...parameters, prompt: inputs };
      if (textInput) {
        delete input.prompt;
        input.text = inputs;
      }
      return { input, version: model.includes(":") ? model.split(":")[1] : undefined };
    },
    getResponse,
  });
}

export const replicateTextToImage = /* @__PURE__ */ replicateHelper<string | Blob>(
  "text-to-image",
  (response, context) => {
    const output = isObject(response) ? response.output : undefined;
    if (Array.isArray(output) && output.length > 0 && isString(output[0])) return imageFromUrl(output[0], context);
    throw new InferenceOutputError("Expected Replicate text-to-image response format");
  },
);

export const replicateTextToSpeech = /* @__PURE__ */ replicateHelper<Blob>(
  "text-to-speech",
  (response, context) => {
    if (response instanceof Blob) return response;
    const output = isObject(response) ? response.output : undefined;
    if (isString(output)) return download(output, context);
    if (Array.isArray(output) && isString(output[0])) return download(output[0], context);
    throw new InferenceOutputError("Expected Blob or object with output");
  },
  true,
);

export const replicateTextToVideo = /* @__PURE__ */ replicateHelper<Blob>("text-to-video", (response, context) => {
  const output = isObject(response) ? response.output : undefined;
  if (isString(output) && (/^http(s?):/.test(output) || output.startsWith("/"))) return download(output, context);
  throw new InferenceOutputError("Expected { output: string }");
});
