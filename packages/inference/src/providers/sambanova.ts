// sambanova: OpenAI-compatible chat only.
import { openAIConversational } from "./base.js";

export const SAMBANOVA_URL = "https://api.sambanova.ai";
export const sambanovaConversational = /* @__PURE__ */ openAIConversational(
  "sambanova",
  SAMBANOVA_URL,
  "v1/chat/completions",
);
