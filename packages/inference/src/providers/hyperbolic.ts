// hyperbolic: chat, text generation (sent as chat) and text-to-image.
import { InferenceOutputError } from "../lib/errors.js";
import { defineHelper, imageFromBase64, openAIConversational, splitArgs } from "./base.js";
import { isChoicesResponse, type TextGenerationOutput } from "./text-generation-shapes.js";
import { isObject, isString } from "./validate.js";

export const HYPERBOLIC_URL = "https://api.hyperbolic.xyz";

export const hyperbolicConversational = /* @__PURE__ */ openAIConversational(
  "hyperbolic",
  HYPERBOLIC_URL,
  "v1/chat/completions",
);

export const hyperbolicTextGeneration = /* @__PURE__ */ defineHelper<TextGenerationOutput>({
  provider: "hyperbolic",
  task: "text-generation",
  directUrl: HYPERBOLIC_URL,
  route: "v1/chat/completions",
  payload: ({ args, model }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    const payload: Record<string, unknown> = { messages: [{ content: inputs, role: "user" }] };
    if (parameters) {
      const { max_new_tokens, ...others } = parameters;
      Object.assign(payload, { max_tokens: max_new_tokens }, others);
    }
    return { ...payload, ...rest, model };
  },
  getResponse: (response) => {
    if (isChoicesResponse(response)) {
      const message = (response.choices[0] as { message?: { content?: unknown } } | undefined)?.message;
      return { generated_text: message?.content as string };
    }
    throw new InferenceOutputError("Expected Hyperbolic text generation response format");
  },
});

export const hyperbolicTextToImage = /* @__PURE__ */ defineHelper<string | Blob>({
  provider: "hyperbolic",
  task: "text-to-image",
  directUrl: HYPERBOLIC_URL,
  route: "v1/images/generations",
  payload: ({ args, model }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    return { ...rest, ...parameters, prompt: inputs, model_name: model };
  },
  getResponse: (response, context) => {
    const image = isObject(response) && Array.isArray(response.images) ? response.images[0] : undefined;
    if (isObject(image) && isString(image.image)) return imageFromBase64(image.image, context.outputType);
    throw new InferenceOutputError("Expected Hyperbolic text-to-image response format");
  },
});
