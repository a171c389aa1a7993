// black-forest-labs (submit + polling_url) and fal-ai (sync routes and the queue for text-to-video).
import type { ASSETS } from "../assets.js";
import { FAL_QUEUE_HOST } from "../hosts.js";
import { errorReply, isRecord, jsonReply, type Reply, type RequestContext } from "../reply.js";

export const assetUrl = (ctx: RequestContext, name: keyof typeof ASSETS): string =>
  `${ctx.state.emulatorUrl}/_assets/${name}`;

/** black-forest-labs: POST /v1/{id} → {id, polling_url}; GET /v1/get_result?id=… → Pending… then Ready. */
export function blackForestLabs(
  ctx: RequestContext,
  path: string,
  prefix: string,
  knownModel: (id: string) => boolean,
) {
  if (ctx.method === "GET" && path === "/v1/get_result") {
    const job = ctx.state.jobs.get(ctx.query.get("id") ?? "");
    if (job?.kind !== "bfl") return errorReply(404, "Task not found");
    job.polls++;
    if (job.polls <= ctx.state.settings.bflPendingPolls)
      return jsonReply(200, { id: ctx.query.get("id"), status: "Pending" });
    return jsonReply(200, { id: ctx.query.get("id"), status: "Ready", result: job.result });
  }
  const submit = /^\/v1\/(.+)$/.exec(path);
  if (ctx.method !== "POST" || !submit) return errorReply(404, `Not Found: ${ctx.method} ${path}`);
  if (!knownModel(submit[1])) return errorReply(404, `Unknown model ${submit[1]}`);
  if (!isRecord(ctx.json) || typeof ctx.json.prompt !== "string") return errorReply(422, "prompt is required");
  const id = `bfl-${ctx.state.nextId()}`;
  ctx.state.jobs.set(id, {
    kind: "bfl",
    polls: 0,
    result: { sample: assetUrl(ctx, "image.jpeg"), prompt: ctx.json.prompt },
  });
  return jsonReply(200, { id, polling_url: `${ctx.origin}${prefix}/v1/get_result?id=${id}` });
}

/** Audio content types fal-ai's speech recognition accepts. */
const FAL_AUDIO_TYPES = ["audio/mpeg", "audio/mp4", "audio/wav", "audio/x-wav"];

/** fal-ai's synchronous host: the task is recognised from the payload (audio_url, lyrics or prompt). */
export function falSync(ctx: RequestContext, path: string, knownModel: (id: string) => boolean): Reply {
  if (ctx.method !== "POST") return errorReply(405, `Method ${ctx.method} not allowed`);
  const modelId = path.slice(1);
  if (!knownModel(modelId)) return errorReply(404, `Application '${modelId}' not found`);
  const body = ctx.json;
  if (!isRecord(body)) return errorReply(422, "Request body must be a JSON object");
  if (typeof body.audio_url === "string") {
    const dataUrl = /^data:(audio\/[a-z0-9.+-]+);base64,[A-Za-z0-9+/]+=*$/.exec(body.audio_url);
    if (!dataUrl) return errorReply(422, "audio_url must be a base64 data URL");
    // Like fal-ai itself: FLAC, Ogg and the rest are refused, so a client or snippet sending them fails here.
    if (!FAL_AUDIO_TYPES.includes(dataUrl[1])) {
      return errorReply(422, `Unsupported audio type ${dataUrl[1]}: use one of ${FAL_AUDIO_TYPES.join(", ")}`);
    }
    return jsonReply(200, { text: "transcribed by fal", chunks: [] });
  }
  if (typeof body.lyrics === "string") {
    return jsonReply(200, {
      audio: { url: assetUrl(ctx, "audio.wav"), content_type: "audio/wav", file_name: "audio.wav" },
    });
  }
  if (typeof body.prompt === "string") {
    return jsonReply(200, {
      images: [{ url: assetUrl(ctx, "image.jpeg"), width: 1024, height: 768, content_type: "image/jpeg" }],
      seed: 42,
      has_nsfw_concepts: [false],
      prompt: body.prompt,
    });
  }
  return errorReply(422, "Missing prompt, lyrics or audio_url");
}

/** fal-ai's queue: POST /{id} submits; GET /{id}/requests/{rid}/status polls; GET /{id}/requests/{rid} is the result. */
export function falQueue(ctx: RequestContext, path: string, knownModel: (id: string) => boolean): Reply {
  const request = /^\/(.+)\/requests\/([^/]+)(\/status)?$/.exec(path);
  if (ctx.method === "GET" && request) {
    const job = ctx.state.jobs.get(request[2]);
    if (job?.kind !== "fal") return errorReply(404, `Request ${request[2]} not found`);
    if (request[3]) {
      job.polls++;
      const done = job.polls > ctx.state.settings.falQueuePolls;
      return jsonReply(200, { status: done ? "COMPLETED" : "IN_PROGRESS", request_id: request[2], logs: [] });
    }
    if (job.polls <= ctx.state.settings.falQueuePolls) return errorReply(400, "Request is still in progress");
    return jsonReply(200, job.result);
  }
  if (ctx.method !== "POST") return errorReply(405, `Method ${ctx.method} not allowed`);
  const modelId = path.slice(1);
  if (!knownModel(modelId)) return errorReply(404, `Application '${modelId}' not found`);
  if (!isRecord(ctx.json) || typeof ctx.json.prompt !== "string") return errorReply(422, "prompt is required");
  const requestId = `fal-${ctx.state.nextId()}`;
  ctx.state.jobs.set(requestId, {
    kind: "fal",
    polls: 0,
    result: { video: { url: assetUrl(ctx, "video.mp4") }, seed: 7 },
  });
  const base = `https://${FAL_QUEUE_HOST}/${modelId}/requests/${requestId}`;
  return jsonReply(200, {
    request_id: requestId,
    status: "IN_QUEUE",
    response_url: base,
    status_url: `${base}/status`,
    cancel_url: `${base}/cancel`,
  });
}
