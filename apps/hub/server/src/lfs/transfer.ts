// The transfer endpoints the batch API hands out, all authorised by their signed URL (lfs/transfer-grant.ts): the
// basic PUT of a whole object, the multipart parts and their completion POST, verify, and the download GET for
// git-lfs. A completed upload links the object to the repository its URL was signed for; verify and download
// answer only for objects linked to theirs.
import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { boundedBody } from "../api/request-body.js";
import { parseRange, streamResponse } from "../api/stream-response.js";
import type { HubEnv } from "../auth/principal.js";
import { assertSignedDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import { objectSender } from "../xet/bridged-store.js";
import { LFS_MEDIA_TYPE, lfsError } from "./batch.js";
import { detachedBody } from "./detached-body.js";
import { chunkFor, partCount } from "./multipart-plan.js";
import type { UrlSigner } from "./signing.js";
import { grantOf, type TransferGrant } from "./transfer-grant.js";

const MAX_COMPLETION_BODY = 4 * 1024 * 1024;

/** The request body as a Node stream: the request itself under @hono/node-server (no web-stream copy), detached. */
function requestBody(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming !== undefined && typeof incoming.pipe === "function") return detachedBody(incoming);
  const body = c.req.raw.body;
  if (body === null) return Readable.from([]);
  return Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
}

/**
 * After an early answer (bad signature, bad size) the rest of the body is read and dropped, so a client still
 * sending gets to read the answer instead of a reset and the connection stays usable — up to `maxBytes`; past
 * that (a body that never ends) the connection is closed rather than read for ever. A body whose reading already
 * stopped half-way (the store gave up on it) cannot be drained: the answer then closes the connection.
 * Returns whether the connection closes after the answer.
 */
function discardBody(incoming: IncomingMessage | undefined, maxBytes: number): boolean {
  if (incoming === undefined || incoming.complete) return false;
  if (incoming.destroyed) return true;
  let left = maxBytes;
  incoming.on("data", (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) incoming.socket?.destroy();
  });
  incoming.resume();
  return false;
}

export function registerTransfers(app: Hono<HubEnv>, ctx: HubContext, signer: UrlSigner): void {
  const limits = ctx.config.storageLimits;
  const store = ctx.lfs;

  // The largest body a well-behaved client sends here (a basic PUT below the multipart threshold, or one part).
  const maxDiscard = Math.max(limits.multipartThresholdBytes, limits.multipartChunkBytes);
  const guard = (handler: (c: Context<HubEnv>) => Promise<Response>) => async (c: Context<HubEnv>) => {
    try {
      return await handler(c);
    } catch (error) {
      if (discardBody((c.env as { incoming?: IncomingMessage } | undefined)?.incoming, maxDiscard))
        c.header("Connection", "close");
      return lfsError(c, error);
    }
  };

  /**
   * An upload for `grant.repo` is complete (bytes stored and hash-checked): the object now belongs to that
   * repository — under its current id if it was moved since the URL was signed; a repository gone meanwhile gets
   * nothing.
   */
  const linkUpload = async (grant: TransferGrant) => {
    let registration = await ctx.index.lookup(grant.repo);
    if (registration === undefined) {
      const movedTo = await ctx.redirects?.target(grant.repo);
      if (movedTo !== undefined) registration = await ctx.index.lookup({ type: grant.repo.type, id: movedTo });
    }
    if (registration === undefined) throw new ApiError(404, "Repository not found");
    await ctx.lfsLinks.link({ type: grant.repo.type, id: registration.id }, [{ oid: grant.oid, size: grant.size }]);
  };

  /** The object if it is linked to the grant's repository and its bytes are in the store. */
  const linkedObject = async (grant: TransferGrant) => {
    if (!(await ctx.lfsLinks.isLinked(grant.repo, grant.oid, grant.size))) return undefined;
    const stored = await store.stat(grant.oid);
    return stored?.size === grant.size ? stored : undefined;
  };

  app.put(
    "/api/lfs/objects/:oid/:size",
    guard(async (c) => {
      const grant = grantOf(c, signer, "upload");
      // Always read and hash-checked, even when the bytes are already stored (for this or another repository):
      // the link is earned by holding the bytes, not by knowing their hash. The store does not rewrite them.
      await store.put(grant.oid, grant.size, requestBody(c));
      await linkUpload(grant);
      return c.body(null, 200);
    }),
  );

  app.get(
    "/api/lfs/objects/:oid/:size",
    guard(async (c) => {
      const grant = grantOf(c, signer, "download");
      // A gated repository: access is decided again now, for the user the URL was signed for.
      await assertSignedDownloadAllowed(ctx, c, grant.repo, grant.user);
      const stored = await linkedObject(grant);
      if (stored === undefined) throw new ApiError(404, "Object does not exist");
      const range = parseRange(c.req.header("range"), stored.size);
      if (range === "unsatisfiable")
        return c.body(null, 416, { "Content-Range": `bytes */${stored.size}`, "Content-Length": "0" });
      const sender = objectSender(store, grant.oid);
      return streamResponse(c, {
        headers: {
          "Content-Type": "application/octet-stream",
          "Accept-Ranges": "bytes",
          ETag: `"${grant.oid}"`,
        },
        total: stored.size,
        range,
        open: (byteRange) => store.read(grant.oid, byteRange),
        // A folder-store object is a plain file, sent through reused buffers (api/send-file.ts says why); a
        // Xet-uploaded one is rebuilt from its xorbs straight into the socket (xet/bridge-send.ts).
        ...(sender !== undefined ? { send: sender } : {}),
      });
    }),
  );

  app.post(
    "/api/lfs/verify/:oid/:size",
    guard(async (c) => {
      const grant = grantOf(c, signer, "verify");
      // This repository's object only: an object uploaded for another repository verifies as missing here.
      if ((await linkedObject(grant)) === undefined) throw new ApiError(404, "Object does not exist");
      return c.body(JSON.stringify({ message: "ok" }), 200, { "Content-Type": LFS_MEDIA_TYPE });
    }),
  );

  const parts = store.multipart;
  if (parts === undefined) return;

  app.put(
    "/api/lfs/objects/:oid/:size/parts/:part",
    guard(async (c) => {
      const partText = c.req.param("part") ?? "";
      if (!/^\d{1,6}$/.test(partText)) throw new ApiError(404, "Not found");
      const part = Number(partText);
      const grant = grantOf(c, signer, "part");
      if (grant.chunk < 1) throw new ApiError(404, "Not found");
      if (part < 1 || part > partCount(grant.size, grant.chunk))
        throw new ApiError(400, `Part ${part} is out of range`);
      const etag = await parts.putPart(grant, part, requestBody(c));
      return c.body(null, 200, { ETag: `"${etag}"` });
    }),
  );

  app.post(
    "/api/lfs/objects/:oid/:size",
    guard(async (c) => {
      const grant = grantOf(c, signer, "upload");
      let body: { parts?: unknown };
      try {
        body = JSON.parse((await boundedBody(c, MAX_COMPLETION_BODY)).toString("utf8")) as { parts?: unknown };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(400, "The completion request is not valid JSON");
      }
      const given: unknown[] = Array.isArray(body?.parts) ? body.parts : [];
      const count = partCount(grant.size, chunkFor(grant.size, limits));
      const files = await parts.completedParts(grant, count, given);
      const total = await parts.partsSize(files);
      if (total !== grant.size) throw new ApiError(400, `The parts hold ${total} bytes, expected ${grant.size}`);
      // Hash-checked as a whole by the store (identical bytes already stored are checked, not rewritten).
      await store.put(grant.oid, grant.size, parts.concatenated(files));
      await linkUpload(grant);
      await parts.discard(grant);
      return c.body(JSON.stringify({ message: "ok" }), 200, { "Content-Type": LFS_MEDIA_TYPE });
    }),
  );
}
