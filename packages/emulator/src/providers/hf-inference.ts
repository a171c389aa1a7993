// hf-inference behind the router: /models/{model}, /models/{model}/v1/chat/completions, /pipeline/{task}/{model}.
import { errorReply, isRecord, type Reply, type RequestContext } from "../reply.js";
import { chatCompletion } from "./chat.js";
import { BINARY_TASK_OUTPUTS, JSON_TASK_OUTPUTS } from "./hf-inference-outputs.js";

const isJsonRequest = (ctx: RequestContext): boolean =>
  (ctx.headers["content-type"] ?? "").toLowerCase().startsWith("application/json");

export function hfInference(ctx: RequestContext, path: string): Reply {
  if (ctx.method !== "POST") return errorReply(405, `Method ${ctx.method} not allowed`);
  const chat = /^\/models\/(.+)\/v1\/chat\/completions$/.exec(path);
  if (chat) return chatCompletion(ctx, false, chat[1]);
  const pipeline = /^\/pipeline\/([^/]+)\/(.+)$/.exec(path);
  const modelRoute = /^\/models\/(.+)$/.exec(path);
  const modelId = pipeline ? pipeline[2] : modelRoute?.[1];
  if (!modelId) return errorReply(404, `Not Found: ${path}`);
  const model = ctx.state.models.get(modelId);
  if (!model) return errorReply(404, `Model ${modelId} does not exist`);
  const task = pipeline ? pipeline[1] : model.pipeline_tag;
  return answerTask(ctx, task);
}

/** Answers a task request, checking that the body has the form the task needs (JSON vs raw bytes). */
export function answerTask(ctx: RequestContext, task: string): Reply {
  const binary = BINARY_TASK_OUTPUTS[task];
  const jsonOutput = JSON_TASK_OUTPUTS[task];
  if (isJsonRequest(ctx)) {
    if (!jsonOutput) return errorReply(400, `Task ${task} expects the raw input bytes, not JSON`);
    if (!isRecord(ctx.json)) return errorReply(400, "Request body is not a JSON object");
    if (!("inputs" in ctx.json)) return errorReply(422, "Input validation error: `inputs` is required");
    return jsonOutput(ctx.json);
  }
  if (!binary) return errorReply(400, `Task ${task} expects a JSON body with Content-Type application/json`);
  if (ctx.body.length === 0) return errorReply(400, "Empty request body");
  return binary(ctx.body.length);
}
