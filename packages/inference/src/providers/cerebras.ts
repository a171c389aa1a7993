// cerebras: OpenAI-compatible chat only.
import { openAIConversational } from "./base.js";

export const CEREBRAS_URL = "https://api.cerebras.ai";
export const cerebrasConversational = /* @__PURE__ */ openAIConversational(
  "cerebras",
  CEREBRAS_URL,
  "v1/chat/completions",
);
