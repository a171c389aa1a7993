// novita: chat and text generation, both on its OpenAI-compatible chat route (established wire format kept, §11).
import { defineHelper, openAIConversational } from "./base.js";
import { firstGeneratedText, type TextGenerationOutput } from "./text-generation-shapes.js";

export const NOVITA_URL = "https://api.novita.ai";

export const novitaConversational = /* @__PURE__ */ openAIConversational(
  "novita",
  NOVITA_URL,
  "v3/openai/chat/completions",
);

export const novitaTextGeneration = /* @__PURE__ */ defineHelper<TextGenerationOutput>({
  provider: "novita",
  task: "text-generation",
  directUrl: NOVITA_URL,
  route: "v3/openai/chat/completions",
  payload: ({ args, model }) => ({ ...args, model }),
  getResponse: (response) => firstGeneratedText(response, true),
});
