// together: chat, text generation (v1/completions with `prompt`, keeping inputs/parameters, §11) and text-to-image.
import { InferenceOutputError } from "../lib/errors.js";
import { defineHelper, imageFromBase64, openAIConversational, splitArgs } from "./base.js";
import { firstB64Json } from "./image-shapes.js";
import { isChoicesResponse, type TextGenerationOutput } from "./text-generation-shapes.js";

export const TOGETHER_URL = "https://api.together.xyz";

export const togetherConversational = /* @__PURE__ */ openAIConversational(
  "together",
  TOGETHER_URL,
  "v1/chat/completions",
);

export const togetherTextGeneration = /* @__PURE__ */ defineHelper<TextGenerationOutput>({
  provider: "together",
  task: "text-generation",
  directUrl: TOGETHER_URL,
  route: "v1/completions",
  payload: ({ args, model }) => ({ model, ...args, prompt: args.inputs }),
  getResponse: (response) => {
    if (isChoicesResponse(response)) {
      const choice = response.choices[0] as { text?: unknown } | undefined;
      return { generated_text: choice?.text as string };
    }
    throw new InferenceOutputError("Expected Together text generation response format");
  },
});

export const togetherTextToImage = /* @__PURE__ */ defineHelper<string | Blob>({
  provider: "together",
  task: "text-to-image",
  directUrl: TOGETHER_URL,
  route: "v1/images/generations",
  payload: ({ args, model }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    return { ...rest, ...parameters, prompt: inputs, response_format: "base64", model };
  },
  getResponse: (response, context) => {
    const b64 = firstB64Json(response);
    if (b64 !== undefined) return imageFromBase64(b64, context.outputType);
    throw new InferenceOutputError("Expected Together text-to-image response format");
  },
});
