// fireworks-ai: OpenAI-compatible chat under /inference.
import { openAIConversational } from "./base.js";

export const FIREWORKS_AI_URL = "https://api.fireworks.ai";
export const fireworksAiConversational = /* @__PURE__ */ openAIConversational(
  "fireworks-ai",
  FIREWORKS_AI_URL,
  "inference/v1/chat/completions",
);
