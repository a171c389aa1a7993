// The CAS routes (xet.md §2) under `/xet/{instance}` of the hub's own origin: xorb and shard upload, dedup queries,
// reconstructions, and the signed range URLs that serve xorb bytes. Every call but the range GET carries a token
// from the token route (token-routes.ts), checked each time for signature, expiry, scope and its repository still
// existing; a read is answered only for files and xorbs of the token's repository (or, for dedup, of a public one).
// Validation failures are 400 (hf_xet retries 5xx five times and gives up at once on 4xx); a bad token is 401.
import type { IncomingMessage } from "node:http";
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { baseUrl } from "../api/repo-url.js";
import { parseRange } from "../api/stream-response.js";
import { accessFacts, can } from "../auth/permissions.js";
import { ANONYMOUS, type HubEnv } from "../auth/principal.js";
import { assertSignedDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef, RepoType } from "../repos/repo-ref.js";
import { XET_HASH_HEX } from "./hash.js";
import { planRange, ReconstructionError } from "./reconstruction.js";
import { type XetService, XetValidationError } from "./service.js";
import { MAX_SHARD_BYTES, ShardFormatError } from "./shard.js";
import { verifyXetToken, type XetScope } from "./tokens.js";
import { MAX_XORB_CHUNK_AREA, XorbFormatError } from "./xorb.js";

const MAX_XORB_BODY = MAX_XORB_CHUNK_AREA + 1024 * 1024;
const RANGE_URL_TTL_SECONDS = 3600;
const PREFIXES = new Set(["default", "default-merkledb"]);

export function casUrl(c: Context, xet: XetService): string {
  return `${baseUrl(c)}/xet/${xet.instance}`;
}

function asClientError(error: unknown): never {
  if (
    error instanceof XorbFormatError ||
    error instanceof ShardFormatError ||
    error instanceof XetValidationError ||
    error instanceof ReconstructionError
  )
    throw new ApiError(400, error.message);
  throw error;
}

function hashParam(value: string | undefined, what: string): string {
  if (value === undefined || !XET_HASH_HEX.test(value))
    throw new ApiError(400, `Invalid ${what}: expected 64 lowercase hex`);
  return value;
}

async function* cappedBody(c: Context, max: number): AsyncGenerator<Uint8Array> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > max) throw new ApiError(400, `Body larger than ${max} bytes`);
  // Under @hono/node-server the request itself, read as Node Buffers: the web-stream adapter in between cost a
  // copy-free but allocation-heavy hop per 64 KiB (about 5 % of an upload's CPU, and GC).
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const body: AsyncIterable<Uint8Array> | null =
    incoming !== undefined && typeof incoming.pipe === "function" ? incoming : c.req.raw.body;
  if (body === null) return;
  let size = 0;
  try {
    for await (const piece of body) {
      size += piece.byteLength;
      if (size > max) throw new ApiError(400, `Body larger than ${max} bytes`);
      yield piece;
    }
  } catch (error) {
    // A client that went away mid-body is not a server error (nobody reads the answer; nothing was stored).
    if (incoming !== undefined && !incoming.complete && !(error instanceof ApiError))
      throw new ApiError(400, "The upload was interrupted");
    throw error;
  }
}

/** Shard bodies are parsed whole (≤ 64 MiB each): all of them in memory at once stay under this. */
const SHARD_MEMORY_BUDGET = 256 * 1024 * 1024;
let shardBytesHeld = 0;

/** The whole body, counted against the shard budget until `release` (after the shard is checked and recorded). */
async function bufferedBody(c: Context, max: number): Promise<{ bytes: Buffer; release: () => void }> {
  const parts: Uint8Array[] = [];
  let held = 0;
  const release = () => {
    shardBytesHeld -= held;
    held = 0;
  };
  try {
    for await (const piece of cappedBody(c, max)) {
      // Past the budget the client is asked to come back (429 is retried by hf_xet; a 4xx would be fatal).
      if (shardBytesHeld + piece.byteLength > SHARD_MEMORY_BUDGET)
        throw new ApiError(429, "Too many shard uploads at once: retry shortly", { headers: { "Retry-After": "2" } });
      shardBytesHeld += piece.byteLength;
      held += piece.byteLength;
      parts.push(piece);
    }
    return { bytes: Buffer.concat(parts), release };
  } catch (error) {
    release();
    throw error;
  }
}

export function registerCas(app: Hono<HubEnv>, ctx: HubContext, xet: XetService): void {
  /** The token's repository, after every check; throws 401/403/404 (and GatedRepo for a read the gate refuses). */
  const authorize = async (c: Context<HubEnv>, scope: XetScope, fileBytes = false): Promise<RepoRef> => {
    if (c.req.param("instance") !== xet.instance) throw new ApiError(404, "Unknown CAS instance");
    const header = c.req.header("authorization") ?? "";
    const claims = header.startsWith("Bearer ") ? verifyXetToken(xet.signer, header.slice(7).trim()) : undefined;
    if (claims === undefined) throw new ApiError(401, "Invalid or expired Xet token");
    if (scope === "write" && claims.scope !== "write") throw new ApiError(403, "This Xet token is read-only");
    const registration = await ctx.index.lookup(claims.ref);
    if (registration === undefined) throw new ApiError(401, "The token's repository no longer exists");
    const ref = { type: claims.ref.type, id: registration.id };
    // A gated repository's file bytes (reconstructions): the gate again, for the token's user, so a revoked access
    // ends here and not when the token expires.
    if (fileBytes) await assertSignedDownloadAllowed(ctx, c, ref, claims.user);
    return ref;
  };

  const base = "/xet/:instance";

  app.post(`${base}/v1/xorbs/:prefix/:hash`, async (c) => {
    const ref = await authorize(c, "write");
    if (!PREFIXES.has(c.req.param("prefix"))) throw new ApiError(400, "Unknown xorb prefix");
    const hash = hashParam(c.req.param("hash"), "xorb hash");
    const inserted = await xet.putXorb(ref, hash, cappedBody(c, MAX_XORB_BODY)).catch(asClientError);
    return c.json({ was_inserted: inserted });
  });

  // The NDJSON progress form is optional: a 404 makes hf_xet fall back to /v1/shards and remember it.
  app.post(`${base}/v2/shards`, (c) => c.json({ error: "Use /v1/shards" }, 404));

  app.post(`${base}/v1/shards`, async (c) => {
    const ref = await authorize(c, "write");
    const { bytes, release } = await bufferedBody(c, MAX_SHARD_BYTES);
    try {
      await xet.putShard(ref, bytes).catch(asClientError);
    } finally {
      release();
    }
    return c.json({ result: 0 });
  });

  app.get(`${base}/v1/chunks/:prefix/:hash`, async (c) => {
    const ref = await authorize(c, "read");
    if (!PREFIXES.has(c.req.param("prefix"))) throw new ApiError(400, "Unknown prefix");
    const chunk = hashParam(c.req.param("hash"), "chunk hash");
    xet.counters.dedupQueries++;
    const xorb = await xet.index.dedupXorb(chunk);
    // Only xorbs this repository holds, or that a public repository holds: no answer reveals private data.
    if (xorb === undefined || !(await xorbVisible(ctx, xet, ref, xorb))) return c.json({ error: "Not found" }, 404);
    const shard = await xet.dedupShard(xorb);
    if (shard === undefined) return c.json({ error: "Not found" }, 404);
    return c.body(new Uint8Array(shard), 200, { "Content-Type": "application/octet-stream" });
  });

  for (const version of ["v1", "v2"] as const)
    app.get(`${base}/${version}/reconstructions/:file`, async (c) => {
      const ref = await authorize(c, "read", true);
      const fileHash = hashParam(c.req.param("file"), "file hash");
      // A file of another repository answers exactly like a file that does not exist.
      const file = (await xet.index.repoHasFile(ref, fileHash)) ? await xet.index.file(fileHash) : undefined;
      if (file === undefined) return c.json({ error: "File not found" }, 404);
      const header = c.req.header("range");
      let start = 0;
      let end = file.size - 1;
      if (header !== undefined) {
        const match = /^bytes=(\d{1,16})-(\d{0,16})$/.exec(header.trim());
        if (match === null) throw new ApiError(400, "Invalid Range header");
        start = Number(match[1]);
        if (start >= file.size) return c.json({ error: "Range past the end of the file" }, 416);
        if (match[2] !== "") end = Math.min(end, Number(match[2]));
        if (end < start) throw new ApiError(400, "Invalid Range header");
      } else if (file.size === 0) return c.json({ error: "Empty file" }, 416);
      xet.counters.reconstructions++;
      const plan = await planRange(xet.index, file, start, end).catch(asClientError);
      const root = `${baseUrl(c)}/xet/${xet.instance}`;
      const url = (xorb: string, from: number, to: number) =>
        `${root}/range/${xorb}/${from}-${to}?${xet.signer.sign(rangeSubject(xorb, from, to), RANGE_URL_TTL_SECONDS)}`;
      const terms = plan.terms.map((term) => ({
        hash: term.xorb,
        unpacked_length: term.unpackedBytes,
        range: { start: term.chunkStart, end: term.chunkEnd },
      }));
      if (version === "v1") {
        const fetchInfo: Record<
          string,
          { range: { start: number; end: number }; url: string; url_range: { start: number; end: number } }[]
        > = {};
        for (const term of plan.terms) {
          const list = fetchInfo[term.xorb] ?? [];
          fetchInfo[term.xorb] = list;
          if (list.some((entry) => entry.range.start === term.chunkStart && entry.range.end === term.chunkEnd))
            continue;
          list.push({
            range: { start: term.chunkStart, end: term.chunkEnd },
            url: url(term.xorb, term.byteStart, term.byteEnd),
            url_range: { start: term.byteStart, end: term.byteEnd },
          });
        }
        return c.json({ offset_into_first_range: plan.offsetIntoFirst, terms, fetch_info: fetchInfo });
      }
      const xorbs: Record<
        string,
        { url: string; ranges: { chunks: { start: number; end: number }; bytes: { start: number; end: number } }[] }[]
      > = {};
      for (const term of plan.terms) {
        const list = xorbs[term.xorb] ?? [];
        xorbs[term.xorb] = list;
        if (
          list.some(
            (entry) =>
              entry.ranges[0]?.chunks.start === term.chunkStart && entry.ranges[0]?.chunks.end === term.chunkEnd,
          )
        )
          continue;
        list.push({
          url: url(term.xorb, term.byteStart, term.byteEnd),
          ranges: [
            {
              chunks: { start: term.chunkStart, end: term.chunkEnd },
              bytes: { start: term.byteStart, end: term.byteEnd },
            },
          ],
        });
      }
      return c.json({ offset_into_first_range: plan.offsetIntoFirst, terms, xorbs });
    });

  // Xorb bytes by signed URL (no Authorization: the clients fetch these with a plain HTTP client). The Range asked
  // must lie inside the signed range; the answer is exactly those bytes.
  app.get(`${base}/range/:xorb/:span`, async (c) => {
    if (c.req.param("instance") !== xet.instance) throw new ApiError(404, "Unknown CAS instance");
    const xorb = hashParam(c.req.param("xorb"), "xorb hash");
    const span = /^(\d{1,12})-(\d{1,12})$/.exec(c.req.param("span"));
    if (span === null) throw new ApiError(400, "Invalid range");
    const from = Number(span[1]);
    const to = Number(span[2]);
    if (!xet.signer.verify(rangeSubject(xorb, from, to), c.req.query("expires"), c.req.query("sig")))
      throw new ApiError(403, "This range URL is invalid or has expired");
    const stored = await xet.index.xorb(xorb);
    const total = stored?.chunks.at(-1)?.byteEnd ?? 0;
    if (stored === undefined || to >= total) throw new ApiError(404, "Xorb not found");
    const asked = parseRange(c.req.header("range"), total);
    if (asked === "unsatisfiable") return c.body(null, 416, { "Content-Range": `bytes */${total}` });
    const range = asked ?? { start: from, end: to };
    if (range.start < from || range.end > to) throw new ApiError(416, "Range outside the signed range");
    xet.counters.rangeBytesServed += range.end - range.start + 1;
    const { Readable } = await import("node:stream");
    const body = Readable.toWeb(xet.objects.read(xorb, range.start, range.end)) as ReadableStream;
    return c.body(body, 206, {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${total}`,
    });
  });
}

const rangeSubject = (xorb: string, from: number, to: number) => `xet-range\n${xorb}\n${from}-${to}`;

async function xorbVisible(ctx: HubContext, xet: XetService, ref: RepoRef, xorb: string): Promise<boolean> {
  if (await xet.index.isXorbLinked(ref, xorb)) return true;
  for (const holder of await xet.index.xorbRepos(xorb, 20)) {
    const registration = await ctx.index.lookup({ type: holder.type as RepoType, id: holder.key });
    if (registration !== undefined && can(ANONYMOUS, "read", accessFacts(registration))) return true;
  }
  return false;
}
