// openai: client-side routing only — model ids are `openai/<id>`, provider keys only, no hub look-up (§3.2).
import { openAIConversational } from "./base.js";

export const OPENAI_URL = "https://api.openai.com";
export const openaiConversational = /* @__PURE__ */ openAIConversational("openai", OPENAI_URL, "v1/chat/completions", {
  clientSideRoutingOnly: true,
});
