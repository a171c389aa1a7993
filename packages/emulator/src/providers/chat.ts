// OpenAI-style chat completions (plain and streamed), shared by the router and every chat provider.
import { errorReply, isRecord, jsonReply, pieces, type Reply, type RequestContext, sseReply } from "../reply.js";

export const CREATED = 1732000000;

/** The text the emulated assistant answers: deterministic, derived from the last message. */
export function assistantText(messages: unknown[]): string {
  const last = messages[messages.length - 1];
  let said = "";
  if (isRecord(last)) {
    if (typeof last.content === "string") said = last.content;
    else if (Array.isArray(last.content)) {
      said = last.content
        .map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
        .join(" ")
        .trim();
    }
  }
  return `Hello from the emulator! You said: ${said}`;
}

/**
 * Answers a chat completion request. `modelRequired`: third-party APIs need `model` in the body; hf-inference's
 * own route and custom endpoints do not.
 */
export function chatCompletion(ctx: RequestContext, modelRequired: boolean, fallbackModel = "tgi"): Reply {
  const body = ctx.json;
  if (!isRecord(body)) return errorReply(400, "Request body must be a JSON object");
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return errorReply(422, "Input validation error: `messages` must be a non-empty array");
  }
  if (modelRequired && typeof body.model !== "string") return errorReply(400, "Missing required parameter: 'model'");
  const model = typeof body.model === "string" ? body.model : fallbackModel;
  const text = assistantText(body.messages);
  const id = `chatcmpl-emu-${ctx.state.nextId()}`;
  const promptTokens = JSON.stringify(body.messages).length;
  const completionTokens = pieces(text).length;
  if (body.stream === true) {
    const base = { id, object: "chat.completion.chunk", created: CREATED, model, system_fingerprint: "emu-fp" };
    const events: unknown[] = [
      {
        ...base,
        choices: [{ index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }],
      },
      ...pieces(text).map((piece) => ({
        ...base,
        choices: [{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }],
      })),
      { ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }] },
    ];
    return sseReply(events);
  }
  return jsonReply(200, {
    id,
    object: "chat.completion",
    created: CREATED,
    model,
    system_fingerprint: "emu-fp",
    choices: [{ index: 0, message: { role: "assistant", content: text }, logprobs: null, finish_reason: "stop" }],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  });
}

/** The generated continuation of a prompt, for every text-generation flavour. */
export const continuation = (prompt: string): string => `${prompt} and the emulator continues`;
