// The OpenAI-style providers: chat routes, text completions and image generations.
import { ASSETS, toBase64 } from "../assets.js";
import { errorReply, isRecord, jsonReply, type Reply, type RequestContext } from "../reply.js";
import { CREATED, chatCompletion, continuation } from "./chat.js";

/** Chat route of each OpenAI-compatible provider (inference.md §4.2). */
export const CHAT_ROUTES: Readonly<Record<string, string>> = {
  cerebras: "/v1/chat/completions",
  cohere: "/compatibility/v1/chat/completions",
  "fireworks-ai": "/inference/v1/chat/completions",
  hyperbolic: "/v1/chat/completions",
  nebius: "/v1/chat/completions",
  novita: "/v3/openai/chat/completions",
  openai: "/v1/chat/completions",
  sambanova: "/v1/chat/completions",
  together: "/v1/chat/completions",
};

/** Providers with a text-completions route and the answer form the client expects from each. */
const COMPLETIONS_PROVIDERS = new Set(["nebius", "together"]);
/** Providers with an image-generation route → the key carrying the model id in the request. */
const IMAGE_MODEL_KEY: Readonly<Record<string, string>> = {
  hyperbolic: "model_name",
  nebius: "model",
  together: "model",
};

const IMAGE_B64 = toBase64(ASSETS["image.jpeg"].body);

export function openAiLike(ctx: RequestContext, provider: string, path: string, knownModel: (id: string) => boolean) {
  if (ctx.method !== "POST") return errorReply(405, `Method ${ctx.method} not allowed`);
  const body = ctx.json;
  if (!isRecord(body)) return errorReply(400, "Request body must be a JSON object");
  const modelKey = path === "/v1/images/generations" ? IMAGE_MODEL_KEY[provider] : "model";
  const model = body[modelKey ?? "model"];
  if (typeof model !== "string") return errorReply(400, `Missing required parameter: '${modelKey}'`);
  if (!knownModel(model)) return errorReply(404, `The model \`${model}\` does not exist on ${provider}`);

  if (path === CHAT_ROUTES[provider]) {
    // novita serves text generation on its chat route: {inputs, parameters, model} → [{generated_text}]
    if (provider === "novita" && !("messages" in body) && "inputs" in body) {
      return jsonReply(200, [{ generated_text: continuation(String(body.inputs)) }]);
    }
    return chatCompletion(ctx, true);
  }
  if (path === "/v1/completions" && COMPLETIONS_PROVIDERS.has(provider)) return completion(provider, body, model);
  if (path === "/v1/images/generations" && modelKey) return imageGeneration(provider, body);
  return errorReply(404, `Not Found: POST ${path}`);
}

function completion(provider: string, body: Record<string, unknown>, model: string): Reply {
  const prompt = provider === "together" ? body.prompt : body.inputs;
  if (typeof prompt !== "string") {
    return errorReply(400, `Missing required parameter: '${provider === "together" ? "prompt" : "inputs"}'`);
  }
  const text = continuation(prompt);
  if (provider === "nebius") return jsonReply(200, [{ generated_text: text }]);
  return jsonReply(200, {
    id: "cmpl-emu",
    object: "text_completion",
    created: CREATED,
    model,
    choices: [{ index: 0, text, finish_reason: "length", logprobs: null }],
    usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 },
  });
}

function imageGeneration(provider: string, body: Record<string, unknown>): Reply {
  if (typeof body.prompt !== "string") return errorReply(400, "Missing required parameter: 'prompt'");
  if (provider === "hyperbolic")
    return jsonReply(200, { images: [{ image: IMAGE_B64, index: 0 }], inference_time: 1.2 });
  const format = provider === "nebius" ? "b64_json" : "base64";
  if (body.response_format !== format) {
    return errorReply(400, `response_format must be "${format}" for this emulator`);
  }
  return jsonReply(200, {
    id: "img-emu",
    model: body.model,
    object: "list",
    data: [{ b64_json: IMAGE_B64, index: 0 }],
  });
}
