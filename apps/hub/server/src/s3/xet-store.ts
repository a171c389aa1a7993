// Xet xorbs in an S3-compatible bucket (issue 23): the XetObjectStore of xet/object-store.ts with each xorb at
// `<prefix>xorbs/<hash>`.
//
// Writing: a xorb is at most 64 MiB of chunk records (xet.md §3.5; plus a footer the clients do not send), so a
// pending xorb is kept in memory, in fixed blocks, and stored by ONE PutObject at commit — after XetService has
// checked every record and the hash. A single PUT is atomic in S3: readers see the whole object or none, and a
// crash (of the server or mid-request) leaves nothing behind, no temporary key to clean. The PUT carries
// `If-None-Match: *`, so when two servers store the same xorb at once exactly one wins and the other's commit
// answers false ("already there"), as the folder store's does. The bytes held by all pending xorbs together are
// bounded (bufferBudget): past it a new upload gets a 503 to retry rather than the process running out of memory.
//
// Reading: ranged GETs. The whole-file bridge (xet/bridge-reads.ts) reads a xorb slice by slice through
// openReader; one GET per slice would pay a round trip per MiB, so the reader streams one GET over the caller's
// span (or a window) and hands out its bytes in order, the socket's buffers reading ahead while the previous slice
// goes out. It has no readIntoSync: a network store must not block the event loop (the bridge then uses its
// read-ahead path). A reader whose stream broke (the store closed an idle connection while the client was slow)
// reopens it once at the current position.
//
// Failures of the store (unreachable, refusing our credentials, 5xx, silent for too long) are
// ObjectStoreUnavailableError: a 503 "Object store unavailable" from the routes.

import { PassThrough, Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { ApiError } from "../api/api-error.js";
import { XET_HASH_HEX } from "../xet/hash.js";
import type { ObjectReader, PendingObject, ReadSpan, XetObjectStore } from "../xet/object-store.js";
import { MAX_XORB_CHUNK_AREA } from "../xet/xorb.js";
import { isS3NotFound, ObjectStoreUnavailableError, s3Status, unavailable } from "./errors.js";
import { bucketInstanceId } from "./xet-instance.js";

/** The most a pending xorb may hold: the largest chunk area plus room for a footer (cas-routes' body cap). */
export const MAX_PENDING_XORB = MAX_XORB_CHUNK_AREA + 1024 * 1024;
/** Pending bytes are copied into blocks of this size (no reallocation as a xorb grows). */
const BLOCK = 4 * 1024 * 1024;
/** All pending xorbs together (hf_xet sends about 8 at once per client). */
const DEFAULT_BUFFER_BUDGET = 1024 * 1024 * 1024;
/** How far a reader's GET reaches past what was asked when the caller gave no span. */
const READ_WINDOW = 16 * 1024 * 1024;
/** A forward jump this small inside a reader's GET is read and dropped rather than answered by a new GET. */
const MAX_SKIP = 256 * 1024;
/** No response head, or no body byte while one is awaited, for this long: the store is unavailable. */
const IDLE_TIMEOUT_MS = 30_000;
/** A whole PutObject of up to 65 MiB. */
const PUT_TIMEOUT_MS = 300_000;
/** Times a conditional PUT is tried again after a 409 (another conditional write to the key was under way). */
const CONFLICT_RETRIES = 3;

export interface S3XetStoreOptions {
  /** Bytes all pending xorbs may hold together (default 1 GiB). */
  bufferBudget?: number;
}

export class S3XetObjectStore implements XetObjectStore {
  private readonly bufferBudget: number;
  /** Bytes currently held by pending xorbs. */
  private buffered = 0;
  /** Pending xorbs neither committed nor aborted. */
  private unfinished = 0;

  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    /** "" or ending in "/" (s3/config.ts). */
    readonly prefix: string,
    options: S3XetStoreOptions = {},
  ) {
    this.bufferBudget = options.bufferBudget ?? DEFAULT_BUFFER_BUDGET;
  }

  /** The object key of a xorb. */
  key(hash: string): string {
    if (!XET_HASH_HEX.test(hash)) throw new Error(`invalid xorb key ${hash.slice(0, 80)}`);
    return `${this.prefix}xorbs/${hash}`;
  }

  /** The store's instance id, kept in the bucket beside the xorbs (s3/xet-instance.ts). */
  sharedInstance(candidate: string): Promise<string> {
    return bucketInstanceId(this.client, this.bucket, `${this.prefix}instance`, candidate);
  }

  /** Bytes held by pending xorbs now (tests: an abort or commit gives them back). */
  get pendingBytes(): number {
    return this.buffered;
  }

  /** Pending xorbs neither committed nor aborted (nothing of theirs is in the bucket: they live in memory). */
  async pending(): Promise<number> {
    return this.unfinished;
  }

  async begin(): Promise<PendingObject> {
    let blocks: Buffer[] = [];
    let written = 0;
    let reserved = 0;
    let finished = false;
    this.unfinished++;
    const release = () => {
      this.buffered -= reserved;
      reserved = 0;
      blocks = [];
      if (!finished) this.unfinished--;
      finished = true;
    };
    return {
      write: async (pieces) => {
        if (finished) throw new Error("write after commit or abort");
        const total = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
        if (written + total > MAX_PENDING_XORB) throw new ApiError(413, `xorb larger than ${MAX_PENDING_XORB} bytes`);
        // Reserve whole blocks before copying, so the budget bounds what is really allocated.
        const needed = Math.ceil((written + total) / BLOCK) * BLOCK - reserved;
        if (needed > 0) {
          if (this.buffered + needed > this.bufferBudget)
            throw new ApiError(503, "Too many xorb uploads in progress on this server; retry shortly", {
              headers: { "Retry-After": "5" },
            });
          this.buffered += needed;
          reserved += needed;
        }
        for (const piece of pieces) {
          let from = 0;
          while (from < piece.byteLength) {
            const at = written % BLOCK;
            if (at === 0) blocks.push(Buffer.allocUnsafeSlow(BLOCK));
            const block = blocks[blocks.length - 1] as Buffer;
            const take = Math.min(BLOCK - at, piece.byteLength - from);
            block.set(piece.subarray(from, from + take), at);
            from += take;
            written += take;
          }
        }
      },
      commit: async (hash, length) => {
        try {
          if (!(Number.isSafeInteger(length) && length >= 0 && length <= written))
            throw new Error(`commit of ${length} bytes, ${written} written`);
          const key = this.key(hash);
          // Most repeated xorbs are caught here, before sending 64 MiB again.
          if (await this.exists(hash)) return false;
          return await this.putIfAbsent(key, bodyOf(blocks, length), length);
        } finally {
          release();
        }
      },
      abort: async () => release(),
    };
  }

  /** One PUT that only creates: false when the key exists (412), or appeared meanwhile. */
  private async putIfAbsent(key: string, body: Buffer, length: number): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentLength: length,
            ContentType: "application/octet-stream",
            IfNoneMatch: "*",
          }),
          { abortSignal: AbortSignal.timeout(PUT_TIMEOUT_MS) },
        );
        return true;
      } catch (error) {
        const status = s3Status(error);
        if (status === 412) return false;
        if (status === 409 && attempt < CONFLICT_RETRIES) {
          if (await this.existsKey(key)) return false;
          await new Promise((done) => setTimeout(done, 50 * (attempt + 1)));
          continue;
        }
        throw unavailable(`storing ${key}`, error);
      }
    }
  }

  async exists(hash: string): Promise<boolean> {
    return this.existsKey(this.key(hash));
  }

  private async existsKey(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), {
        abortSignal: AbortSignal.timeout(IDLE_TIMEOUT_MS),
      });
      return true;
    } catch (error) {
      if (isS3NotFound(error)) return false;
      throw unavailable(`checking ${key}`, error);
    }
  }

  read(hash: string, start: number, end: number): Readable {
    const key = this.key(hash);
    const out = new PassThrough({ highWaterMark: 1024 * 1024 });
    const abort = new AbortController();
    // The consumer went away before the GET answered: cancel it (after it answered, destroying `body` does).
    out.once("close", () => abort.abort());
    this.openRange(key, start, end, abort.signal).then(
      ({ body, end: last }) => {
        if (out.destroyed || last !== end) {
          body.destroy();
          out.destroy(new Error(`${key}: bytes ${start}-${end} are past the object's end`));
          return;
        }
        body.once("error", (error) => out.destroy(unavailable(`reading ${key}`, error)));
        out.once("close", () => body.destroy());
        body.pipe(out);
      },
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return out;
  }

  async readBytes(hash: string, start: number, length: number): Promise<Buffer> {
    // Not zero-filled: every byte is overwritten, and a short read is an error.
    return this.readInto(hash, start, Buffer.allocUnsafe(length), length);
  }

  async readInto(hash: string, start: number, into: Buffer, length: number): Promise<Buffer> {
    const reader = await this.openReader(hash, { start, end: start + length - 1 });
    try {
      return await reader.readInto(start, into, length);
    } finally {
      await reader.close();
    }
  }

  async openReader(hash: string, span?: ReadSpan): Promise<ObjectReader> {
    return new StreamingReader(this, this.key(hash), span);
  }

  async delete(hash: string): Promise<void> {
    const key = this.key(hash);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), {
        abortSignal: AbortSignal.timeout(IDLE_TIMEOUT_MS),
      });
    } catch (error) {
      if (!isS3NotFound(error)) throw unavailable(`deleting ${key}`, error);
    }
  }

  /**
   * The body of bytes [start, end] of `key` (inclusive; the store may stop early at the object's end): a paused
   * stream. A missing object or a range past its end is a plain Error (a xorb the index knows is gone: a fault,
   * not an outage); every other failure is ObjectStoreUnavailableError.
   */
  async openRange(key: string, start: number, end: number, signal?: AbortSignal): Promise<OpenedRange> {
    if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && 0 <= start && start <= end))
      throw new Error(`invalid range ${start}-${end} of ${key}`);
    // A timeout for the response head only: once the body flows, the client's socket idle timeout guards it (an
    // abort signal would also cut a body that is merely read slowly).
    const head = new AbortController();
    const timer = setTimeout(() => head.abort(new Error("no answer")), IDLE_TIMEOUT_MS);
    const onAbort = () => head.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
        { abortSignal: head.signal },
      );
      const body = answer.Body;
      if (!(body instanceof Readable)) throw unavailable(`reading ${key}`, new Error("the answer has no body stream"));
      const length = answer.ContentLength;
      if (length === undefined || !(length > 0 && length <= end - start + 1)) {
        body.destroy();
        throw unavailable(`reading ${key}`, new Error(`${length ?? "no"} bytes answered for bytes=${start}-${end}`));
      }
      return { body, end: start + length - 1 };
    } catch (error) {
      if (isS3NotFound(error)) throw new Error(`xorb object ${key} is missing from the object store`);
      if (s3Status(error) === 416) throw new Error(`${key}: bytes ${start}-${end} are past the object's end`);
      throw unavailable(`reading ${key}`, error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}

/** A GET's paused body and the offset of its last byte (inclusive: before the asked end at the object's end). */
interface OpenedRange {
  body: Readable;
  end: number;
}

/** The first `length` bytes of the blocks as one Buffer (the SDK sends a Buffer with a known length as is). */
function bodyOf(blocks: readonly Buffer[], length: number): Buffer {
  if (blocks.length === 1) return (blocks[0] as Buffer).subarray(0, length);
  return Buffer.concat(blocks, length);
}

/** One GET's body being consumed in order: `position` is the offset of its next byte, `end` its last (inclusive). */
class RangeBody {
  private leftover: Buffer | undefined;

  constructor(
    private readonly body: Readable,
    public position: number,
    readonly end: number,
    private readonly key: string,
  ) {}

  /** The next `length` bytes into `into` at `offset` (undefined: dropped). Fails when the body ends early. */
  async take(into: Buffer | undefined, offset: number, length: number): Promise<void> {
    let at = offset;
    let left = length;
    while (left > 0) {
      const chunk = this.leftover ?? (this.body.read() as Buffer | null);
      this.leftover = undefined;
      if (chunk === null) {
        await this.readable();
        continue;
      }
      const used = Math.min(left, chunk.length);
      if (into !== undefined) chunk.copy(into, at, 0, used);
      if (used < chunk.length) this.leftover = chunk.subarray(used);
      at += used;
      left -= used;
      this.position += used;
    }
  }

  /** Gives the connection back: kept alive when every byte was taken, cut otherwise. */
  release(): void {
    if (this.position > this.end && this.leftover === undefined) this.body.resume();
    else this.body.destroy();
  }

  /** Waits for more bytes; bounded: a body silent for IDLE_TIMEOUT_MS has failed. */
  private readable(): Promise<void> {
    const { body } = this;
    if (body.errored) return Promise.reject(body.errored);
    if (body.readableEnded || body.destroyed)
      return Promise.reject(new Error(`${this.key}: the object store's answer ended at byte ${this.position}`));
    return new Promise((done, fail) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        body.off("readable", onReadable).off("end", onEnd).off("error", settle).off("close", onClose);
        if (error === undefined) done();
        else fail(error);
      };
      const onReadable = () => settle();
      const onEnd = () => settle(new Error(`${this.key}: the object store's answer ended at byte ${this.position}`));
      const onClose = () => settle(body.errored ?? new Error(`${this.key}: the object store's answer was cut`));
      const timer = setTimeout(() => {
        const error = new Error(`no bytes for ${IDLE_TIMEOUT_MS / 1000} s`);
        body.destroy(error);
        settle(error);
      }, IDLE_TIMEOUT_MS);
      body.on("readable", onReadable).on("end", onEnd).on("error", settle).on("close", onClose);
    });
  }
}

/**
 * readInto over one streamed GET: a read at the GET's position takes the next bytes; one elsewhere (or past the
 * GET's end) opens a new GET, over the caller's span when the read lies inside it, else over READ_WINDOW. Calls are
 * served one at a time, in the order made.
 */
class StreamingReader implements ObjectReader {
  private current: RangeBody | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly store: S3XetObjectStore,
    private readonly key: string,
    private readonly span: ReadSpan | undefined,
  ) {}

  readInto(start: number, into: Buffer, length: number): Promise<Buffer> {
    const read = this.queue.then(() => this.read(start, into, length));
    this.queue = read.catch(() => {});
    return read;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.drop();
  }

  private async read(start: number, into: Buffer, length: number): Promise<Buffer> {
    if (this.closed) throw new Error("readInto after close");
    if (!(Number.isSafeInteger(start) && start >= 0 && Number.isSafeInteger(length) && length >= 0))
      throw new Error(`invalid read of ${length} bytes at ${start}`);
    if (length > into.length) throw new Error("readInto: the buffer is too small");
    let filled = 0;
    let reopened = false;
    while (filled < length) {
      const at = start + filled;
      const want = length - filled;
      const body = await this.positioned(at, at + want - 1);
      const take = Math.min(want, body.end - at + 1);
      try {
        await body.take(into, filled, take);
      } catch (error) {
        this.drop();
        // Once per call: the store closed a connection that idled while the client was slow, say.
        if (reopened || error instanceof ObjectStoreUnavailableError) throw unavailable(`reading ${this.key}`, error);
        reopened = true;
        continue;
      }
      filled += take;
    }
    return into.subarray(0, length);
  }

  /** A GET whose next byte is `at` (skipping a little if needed), opened when there is none. */
  private async positioned(at: number, lastWanted: number): Promise<RangeBody> {
    const current = this.current;
    if (current !== undefined && at >= current.position && at - current.position <= MAX_SKIP && at <= current.end) {
      if (at > current.position) {
        try {
          await current.take(undefined, 0, at - current.position);
          return current;
        } catch {
          // Opened afresh below.
        }
      } else return current;
    }
    this.drop();
    const { span } = this;
    const end =
      span !== undefined && at >= span.start && lastWanted <= span.end
        ? span.end
        : Math.max(lastWanted, at + READ_WINDOW - 1);
    const { body, end: last } = await this.store.openRange(this.key, at, end);
    const opened = new RangeBody(body, at, last, this.key);
    this.current = opened;
    return opened;
  }

  private drop(): void {
    this.current?.release();
    this.current = undefined;
  }
}
