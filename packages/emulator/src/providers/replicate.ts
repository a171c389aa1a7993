// replicate: POST /v1/predictions (versioned ids) or /v1/models/{owner}/{name}/predictions; synchronous with Prefer: wait.
import { errorReply, isRecord, jsonReply, type Reply, type RequestContext } from "../reply.js";
import { assetUrl } from "./async-jobs.js";

/** Finds the replicate mapping (provider id → task) that a request addresses. */
export type ReplicateLookup = (
  predicate: (providerId: string) => boolean,
) => { providerId: string; task: string } | undefined;

export function replicate(ctx: RequestContext, path: string, lookup: ReplicateLookup): Reply {
  if (ctx.method !== "POST") return errorReply(405, `Method ${ctx.method} not allowed`);
  const body = ctx.json;
  if (!isRecord(body) || !isRecord(body.input)) return errorReply(422, "input is required");
  const byModel = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(path);
  let entry: ReturnType<ReplicateLookup>;
  if (byModel) {
    if ("version" in body) return errorReply(422, "version must not be set on /v1/models/…/predictions");
    entry = lookup((id) => id === byModel[1]);
  } else if (path === "/v1/predictions") {
    if (typeof body.version !== "string") return errorReply(422, "version is required");
    const version = body.version;
    entry = lookup((id) => id.split(":")[1] === version);
  } else {
    return errorReply(404, `Not Found: POST ${path}`);
  }
  if (!entry) return errorReply(404, "The requested model or version does not exist");
  const input = body.input;
  if (entry.task === "text-to-speech") {
    if (typeof input.text !== "string" || "prompt" in input)
      return errorReply(422, "input.text is required (no prompt)");
  } else if (typeof input.prompt !== "string") {
    return errorReply(422, "input.prompt is required");
  }
  const id = `rep-${ctx.state.nextId()}`;
  if ((ctx.headers.prefer ?? "").toLowerCase() !== "wait") {
    return jsonReply(201, { id, status: "starting", input, output: null });
  }
  const output =
    entry.task === "text-to-image"
      ? [assetUrl(ctx, "image.png")]
      : assetUrl(ctx, entry.task === "text-to-speech" ? "audio.wav" : "video.mp4");
  return jsonReply(201, { id, status: "succeeded", input, output });
}
