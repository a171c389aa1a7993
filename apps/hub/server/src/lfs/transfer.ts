// The transfer endpoints the batch API hands out, all authorised by their signed URL (lfs/signing.ts): the basic
// PUT of a whole object, the multipart parts and their completion POST, verify, and the download GET for git-lfs.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { boundedBody } from "../api/request-body.js";
import { parseRange, streamResponse } from "../api/stream-response.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { LFS_MEDIA_TYPE, lfsError } from "./batch.js";
import { FolderLargeFileStore } from "./folder-store.js";
import { SHA256_HEX } from "./pointer.js";
import type { UrlSigner } from "./signing.js";

const MAX_COMPLETION_BODY = 4 * 1024 * 1024;

export function transferUrls(base: string, signer: UrlSigner, oid: string, size: number) {
  const object = `${base}/api/lfs/objects/${oid}/${size}`;
  return {
    upload: `${object}?${signer.sign(`upload:${oid}:${size}`)}`,
    part: (n: number) => `${object}/parts/${n}?${signer.sign(`part:${oid}:${size}:${n}`)}`,
    verify: `${base}/api/lfs/verify/${oid}/${size}?${signer.sign(`verify:${oid}:${size}`)}`,
    download: `${object}?${signer.sign(`download:${oid}:${size}`)}`,
  };
}

/**
 * The request through a pass-through: a consumer that stops early (a body longer than declared, a bad hash)
 * destroys only the pass-through, so the request stays readable for discardBody and the client gets the answer
 * instead of a reset. A request that ends early (the client went away) fails the pass-through too.
 */
function detached(incoming: IncomingMessage): Readable {
  const through = new PassThrough({ highWaterMark: 1024 * 1024 });
  incoming.pipe(through);
  incoming.once("close", () => {
    if (!incoming.complete) through.destroy(new ApiError(400, "The upload was interrupted"));
  });
  return through;
}

/** The request body as a Node stream: the request itself under @hono/node-server (no web-stream copy), detached. */
function requestBody(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming !== undefined && typeof incoming.pipe === "function") return detached(incoming);
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
  const partsRoot = store instanceof FolderLargeFileStore ? join(store.root, "tmp") : undefined;

  /** The object and size of a signed URL, or a 403 if the signature does not cover `action`. */
  const authorised = (c: Context, action: string, extra = "") => {
    const oid = c.req.param("oid") ?? "";
    const sizeText = c.req.param("size") ?? "";
    if (!SHA256_HEX.test(oid) || !/^\d{1,16}$/.test(sizeText)) throw new ApiError(404, "Not found");
    const size = Number(sizeText);
    if (!signer.verify(`${action}:${oid}:${size}${extra}`, c.req.query("expires"), c.req.query("sig")))
      throw new ApiError(403, "This transfer URL is invalid or has expired: request a new one from the batch API");
    return { oid, size };
  };
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

  app.put(
    "/api/lfs/objects/:oid/:size",
    guard(async (c) => {
      const { oid, size } = authorised(c, "upload");
      if ((await store.stat(oid))?.size !== size) await store.put(oid, size, requestBody(c));
      return c.body(null, 200);
    }),
  );

  app.get(
    "/api/lfs/objects/:oid/:size",
    guard(async (c) => {
      const { oid } = authorised(c, "download");
      const stored = await store.stat(oid);
      if (stored === undefined) throw new ApiError(404, "Object does not exist");
      const range = parseRange(c.req.header("range"), stored.size);
      if (range === "unsatisfiable")
        return c.body(null, 416, { "Content-Range": `bytes */${stored.size}`, "Content-Length": "0" });
      return streamResponse(c, {
        headers: { "Content-Type": "application/octet-stream", "Accept-Ranges": "bytes", ETag: `"${oid}"` },
        total: stored.size,
        range,
        open: (byteRange) => store.read(oid, byteRange),
        // A folder-store object is a plain file: sent through reused buffers (api/send-file.ts says why).
        ...(store instanceof FolderLargeFileStore ? { path: store.objectPath(oid) } : {}),
      });
    }),
  );

  app.post(
    "/api/lfs/verify/:oid/:size",
    guard(async (c) => {
      const { oid, size } = authorised(c, "verify");
      const stored = await store.stat(oid);
      if (stored === undefined || stored.size !== size) throw new ApiError(404, "Object does not exist");
      return c.body(JSON.stringify({ message: "ok" }), 200, { "Content-Type": LFS_MEDIA_TYPE });
    }),
  );

  if (partsRoot === undefined) return;
  const partsDir = (oid: string, size: number) => join(partsRoot, `parts-${oid}-${size}`);
  const partCount = (size: number) => Math.max(1, Math.ceil(size / limits.multipartChunkBytes));

  app.put(
    "/api/lfs/objects/:oid/:size/parts/:part",
    guard(async (c) => {
      const partText = c.req.param("part") ?? "";
      if (!/^\d{1,6}$/.test(partText)) throw new ApiError(404, "Not found");
      const part = Number(partText);
      const { oid, size } = authorised(c, "part", `:${part}`);
      if (part < 1 || part > partCount(size)) throw new ApiError(400, `Part ${part} is out of range`);
      const dir = partsDir(oid, size);
      await mkdir(dir, { recursive: true });
      const tmp = join(dir, `${part}.${process.pid}.${Date.now()}.tmp`);
      const hash = createHash("sha256");
      let received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > limits.multipartChunkBytes) return done(new ApiError(413, "Part larger than chunk_size"));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(requestBody(c), counter, createWriteStream(tmp));
      } catch (error) {
        await rm(tmp, { force: true });
        throw error instanceof ApiError ? error : new ApiError(400, "The part upload was interrupted");
      }
      const etag = hash.digest("hex").slice(0, 32);
      await rename(tmp, join(dir, `${part}-${etag}`));
      return c.body(null, 200, { ETag: `"${etag}"` });
    }),
  );

  app.post(
    "/api/lfs/objects/:oid/:size",
    guard(async (c) => {
      const { oid, size } = authorised(c, "upload");
      let body: { parts?: unknown };
      try {
        body = JSON.parse((await boundedBody(c, MAX_COMPLETION_BODY)).toString("utf8")) as { parts?: unknown };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(400, "The completion request is not valid JSON");
      }
      const dir = partsDir(oid, size);
      const count = partCount(size);
      const parts = Array.isArray(body.parts) ? (body.parts as { partNumber?: unknown; etag?: unknown }[]) : [];
      if (parts.length !== count) throw new ApiError(400, `Expected ${count} parts, got ${parts.length}`);
      const files: string[] = [];
      const present = new Set(await readdir(dir).catch(() => [] as string[]));
      for (const [index, part] of parts.entries()) {
        const etag = typeof part.etag === "string" ? part.etag.replace(/^W\//, "").replace(/"/g, "") : "";
        const name = `${index + 1}-${etag}`;
        if (part.partNumber !== index + 1 || !present.has(name))
          throw new ApiError(400, `Part ${index + 1} is missing or its ETag does not match`);
        files.push(join(dir, name));
      }
      if ((await store.stat(oid))?.size !== size) {
        let total = 0;
        for (const file of files) total += (await stat(file)).size;
        if (total !== size) throw new ApiError(400, `The parts hold ${total} bytes, expected ${size}`);
        async function* concatenated() {
          for (const file of files) yield* createReadStream(file, { highWaterMark: 1024 * 1024 });
        }
        await store.put(oid, size, concatenated());
      }
      await rm(dir, { recursive: true, force: true });
      return c.body(JSON.stringify({ message: "ok" }), 200, { "Content-Type": LFS_MEDIA_TYPE });
    }),
  );
}
