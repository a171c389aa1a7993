// cohere: chat through its OpenAI compatibility API.
import { openAIConversational } from "./base.js";

export const COHERE_URL = "https://api.cohere.com";
export const cohereConversational = /* @__PURE__ */ openAIConversational(
  "cohere",
  COHERE_URL,
  "compatibility/v1/chat/completions",
);
