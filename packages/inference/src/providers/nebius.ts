// nebius: chat, text generation (v1/completions, sent with `inputs` as the established client does) and text-to-image.
import { InferenceOutputError } from "../lib/errors.js";
import { defineHelper, imageFromBase64, openAIConversational, splitArgs } from "./base.js";
import { firstB64Json } from "./image-shapes.js";
import { firstGeneratedText, type TextGenerationOutput } from "./text-generation-shapes.js";

export const NEBIUS_URL = "https://api.studio.nebius.ai";

export const nebiusConversational = /* @__PURE__ */ openAIConversational("nebius", NEBIUS_URL, "v1/chat/completions");

export const nebiusTextGeneration = /* @__PURE__ */ defineHelper<TextGenerationOutput>({
  provider: "nebius",
  task: "text-generation",
  directUrl: NEBIUS_URL,
  route: "v1/completions",
  payload: ({ args, model }) => ({ ...args, model }),
  getResponse: (response) => firstGeneratedText(response, true),
});

export const nebiusTextToImage = /* @__PURE__ */ defineHelper<string | Blob>({
  provider: "nebius",
  task: "text-to-image",
  directUrl: NEBIUS_URL,
  route: "v1/images/generations",
  payload: ({ args, model }) => {
    const { rest, inputs, parameters } = splitArgs(args);
    return { ...rest, ...parameters, response_format: "b64_json", prompt: inputs, model };
  },
  getResponse: (response, context) => {
    const b64 = firstB64Json(response);
    if (b64 !== undefined) return imageFromBase64(b64, context.outputType);
    throw new InferenceOutputError("Expected Nebius text-to-image response format");
  },
});
