// The large-file store in an S3-compatible bucket: object `<sha256>` at `<prefix>lfs/<sha256>`. What each part of
// the folder store's contract becomes here:
// - put: the bytes are hashed and counted while they stream into a multipart upload of the content address that
//   is completed only when sha256 and size match (part-writer.ts says why not a temporary key + copy); a mismatch
//   or a broken body aborts it (400), a failing store is a 503 — nothing half-written is ever visible. An object
//   that fits one part is kept in memory, checked, then written with one PutObject. Parts are PART_BYTES (more for
//   objects past MAX_PARTS × PART_BYTES); at most two are held per upload, and all uploads of the store together
//   hold at most `bufferBudget` bytes: past it an upload waits for its part to go before refilling its one buffer,
//   and a new upload finding no room for its first part gets a 503 to retry.
// - an identical object already stored is read and hashed, not rewritten (the uploader proves it holds the bytes).
// - stat = HeadObject, read = a ranged GetObject streamed, readBytes = a small ranged GetObject.
// - removeUnlinked: a permanent deletion, as the folder store's (uploads in this process hold their object).
// - LFS multipart transfers: their parts stay in a folder on the servers' disk (`multipart`, the same
//   MultipartArea as the folder store's, under the data folder, which several servers share). Why not S3 parts:
//   the whole object's sha256 must be checked before it becomes visible, and S3 cannot hash what it holds, so
//   parts stored in S3 would be downloaded again whole to be hashed; and an S3 upload id would be state shared by
//   every part request. From disk, the completion streams the parts once through put().
// - no tmpPath/adopt/objectPath: there is no file to link or rename; callers that have them for the folder store
//   (dataset viewer) fall back to streaming through put/read.
// - with HUBKIT_S3_CACHE_DIR, a local read-through cache of whole objects (object-cache.ts): a whole download from
//   the bucket fills it on the way (never slowing the client); cached objects are sent from disk (send, read,
//   readBytes). stat still asks the bucket first (a permanent deletion, a 404, drops the copy); only when the store
//   is unavailable does a cached object answer from the cache, so its downloads keep working. Xet-only files (the
//   bridge) are not cached.
// Errors: the store unreachable, refusing or failing → ApiError 503 "Object store unavailable: …" (s3/errors.ts).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import type { ServerResponse } from "node:http";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { ApiError } from "../api/api-error.js";
import { sendFileRange } from "../api/send-file.js";
import { FolderLargeFileStore } from "../lfs/folder-store.js";
import type { MultipartArea } from "../lfs/multipart-area.js";
import { SHA256_HEX } from "../lfs/pointer.js";
import type { LargeFileStore, LfsObjectInfo } from "../lfs/store.js";
import type { CacheFill } from "./cache-fill.js";
import { prefixedKey } from "./client.js";
import type { S3Config } from "./config.js";
import { isS3NotFound, ObjectStoreUnavailableError, s3Status, unavailable } from "./errors.js";
import { ObjectCache } from "./object-cache.js";
import { MAX_PARTS, PartWriter } from "./part-writer.js";
import { startStaleUploadSweep } from "./stale-uploads.js";
import { UploadHolds } from "./upload-holds.js";

export const PART_BYTES = 16 * 1024 * 1024;
const MiB = 1024 * 1024;
/** readBytes is for headers (safetensors, GGUF): capped as the folder store's. */
const MAX_READ_BYTES = 64 * MiB;

/** Bytes per part for an object of `size`: PART_BYTES, or more (whole MiB) so that it needs at most MAX_PARTS. */
export function partBytesFor(size: number): number {
  return Math.max(PART_BYTES, Math.ceil(size / MAX_PARTS / MiB) * MiB);
}

/** Bytes of part buffers all uploads of one store may hold together (default). */
export const DEFAULT_BUFFER_BUDGET = 1024 * MiB;

export interface S3StatOptions {
  /** When the store is unavailable, answer for a cached object from the cache (default true; uploads say false). */
  cachedWhenDown?: boolean;
}

export class S3LargeFileStore implements LargeFileStore {
  /** The local cache of whole objects (HUBKIT_S3_CACHE_DIR), opened by open(). */
  cache: ObjectCache | undefined;
  private readonly holds = new UploadHolds(() => FolderLargeFileStore.uploadLinkGraceMs);
  private stopSweep: (() => void) | undefined;
  /** Bytes of part buffers held by uploads now. */
  private buffered = 0;

  constructor(
    readonly client: S3Client,
    readonly config: S3Config,
    /** Parts of unfinished LFS multipart transfers, on the servers' disk (see above). */
    readonly multipart: MultipartArea,
    private readonly bufferBudget = DEFAULT_BUFFER_BUDGET,
  ) {}

  /** Takes `bytes` of the buffer budget if there is room. */
  private reserve(bytes: number): boolean {
    if (this.buffered + bytes > this.bufferBudget) return false;
    this.buffered += bytes;
    return true;
  }

  /** Opens the parts folder (its arguments are the folder's) and starts the sweep of stale incomplete uploads. */
  async open(...args: Parameters<MultipartArea["open"]>): Promise<this> {
    // First: a cache folder another process holds stops the start before anything else is opened.
    if (this.config.cache !== undefined) this.cache = ObjectCache.open(this.config.cache);
    try {
      await this.multipart.open(...args);
    } catch (error) {
      this.cache?.close();
      this.cache = undefined;
      throw error;
    }
    this.stopSweep = startStaleUploadSweep(this.client, this.config.bucket, prefixedKey(this.config, "lfs/"));
    return this;
  }

  close(): void {
    this.multipart.close();
    this.stopSweep?.();
    this.stopSweep = undefined;
    this.cache?.close();
    this.cache = undefined;
  }

  /** The object's key; throws 422 for what is not a sha256. */
  key(oid: string): string {
    if (!SHA256_HEX.test(oid)) throw new ApiError(422, `Invalid LFS object id: ${JSON.stringify(oid.slice(0, 80))}`);
    return prefixedKey(this.config, `lfs/${oid}`);
  }

  /**
   * The object in the bucket (HeadObject first, always: a permanent deletion must win over the cache). A 404 drops
   * the cached copy, as does a size the bucket contradicts; only when the store is unavailable does a cached object
   * answer from the cache (downloads of it keep working; everything else stays a 503).
   */
  async stat(oid: string, options: S3StatOptions = {}): Promise<LfsObjectInfo | undefined> {
    const cache = this.cache;
    if (cache === undefined) return this.statInBucket(oid);
    let stored: LfsObjectInfo | undefined;
    try {
      stored = await this.statInBucket(oid);
    } catch (error) {
      const size = cache.sizeOf(oid);
      if (error instanceof ObjectStoreUnavailableError && size !== undefined && options.cachedWhenDown !== false)
        return { oid, size };
      throw error;
    }
    const cached = cache.sizeOf(oid);
    if (cached !== undefined && cached !== stored?.size) cache.drop(oid);
    return stored;
  }

  /** The object as stored whole in the bucket (HeadObject): what a presigned URL can serve. */
  async statInBucket(oid: string): Promise<LfsObjectInfo | undefined> {
    if (!SHA256_HEX.test(oid)) return undefined;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(oid) }));
      return { oid, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isS3NotFound(error)) return undefined;
      throw unavailable(`looking up LFS object ${oid.slice(0, 12)}`, error);
    }
  }

  async put(oid: string, size: number, body: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    const key = this.key(oid);
    if (!Number.isSafeInteger(size) || size < 0) throw new ApiError(400, `Invalid size ${size}`);
    const release = this.holds.hold(oid);
    // Not from the cache: with the store down an upload is a 503, even of an object this server has cached.
    const options = { cachedWhenDown: false };
    try {
      const present = (await this.stat(oid, options))?.size === size;
      if (present) {
        await this.verifyOnly(oid, size, body);
        // Another server may have deleted it (a permanent deletion) while this one read: then the uploader's link
        // would point at nothing. Rare; the client retries the 503.
        if ((await this.stat(oid, options))?.size !== size)
          throw new ApiError(503, "Object store unavailable: the object was deleted during the upload; retry", {
            headers: { "Retry-After": "1" },
          });
      } else await this.upload(oid, key, size, body);
    } finally {
      release();
    }
  }

  /** Reads and checks the body against oid and size, writing nothing. */
  private async verifyOnly(oid: string, size: number, body: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    const check = new BodyCheck(oid, size);
    try {
      for await (const chunk of body) check.add(asBuffer(chunk));
    } catch (error) {
      throw asBodyError(error);
    }
    check.finish();
  }

  private async upload(
    oid: string,
    key: string,
    size: number,
    body: Readable | AsyncIterable<Uint8Array>,
  ): Promise<void> {
    const partBytes = partBytesFor(size);
    const first = Math.min(size, partBytes);
    if (!this.reserve(first))
      throw new ApiError(503, "Object store busy: too many uploads in progress on this server; retry shortly", {
        headers: { "Retry-After": "5" },
      });
    let reserved = first;
    try {
      await this.uploadWithin(oid, key, size, body, partBytes, () => {
        if (!this.reserve(partBytes)) return false;
        reserved += partBytes;
        return true;
      });
    } finally {
      this.buffered -= reserved;
    }
  }

  /** upload() once its first buffer is reserved; `second` reserves another part buffer when there is room. */
  private async uploadWithin(
    oid: string,
    key: string,
    size: number,
    body: Readable | AsyncIterable<Uint8Array>,
    partBytes: number,
    second: () => boolean,
  ): Promise<void> {
    const check = new BodyCheck(oid, size);
    // One part or less: in memory, checked, then one PutObject (visible whole, or not at all).
    if (size <= partBytes) {
      const whole = Buffer.allocUnsafe(size);
      try {
        for await (const chunk of body) {
          const bytes = asBuffer(chunk);
          const at = check.received;
          check.add(bytes);
          bytes.copy(whole, at);
        }
      } catch (error) {
        throw asBodyError(error);
      }
      check.finish();
      try {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: whole, ContentLength: size }),
        );
      } catch (error) {
        throw unavailable(`storing LFS object ${oid.slice(0, 12)}`, error);
      }
      return;
    }
    const writer = await PartWriter.start(this.client, this.config.bucket, key);
    try {
      // Two buffers, alternating: one fills while the other uploads (PartWriter.send waits for it first); with
      // the budget spent, one buffer, refilled once its part is sent.
      const buffers: Buffer[] = [Buffer.allocUnsafe(partBytes)];
      let current = 0;
      let filled = 0;
      try {
        for await (const chunk of body) {
          let bytes = asBuffer(chunk);
          check.add(bytes);
          while (bytes.length > 0) {
            const buffer = buffers[current] as Buffer;
            const taken = bytes.copy(buffer, filled);
            filled += taken;
            bytes = bytes.subarray(taken);
            if (filled === partBytes) {
              await writer.send(buffer);
              filled = 0;
              if (buffers.length === 1 && second()) buffers.push(Buffer.allocUnsafe(partBytes));
              if (buffers.length === 2) current = 1 - current;
              else await writer.settled();
            }
          }
        }
      } catch (error) {
        throw asBodyError(error);
      }
      check.finish();
      if (filled > 0) await writer.send((buffers[current] as Buffer).subarray(0, filled));
      await writer.complete();
    } catch (error) {
      await writer.abort();
      throw error;
    }
  }

  /**
   * The object's bytes (or a range, `end` inclusive) with one ranged GetObject, streamed; an object the bucket
   * does not hold comes from notInBucket (the Xet bridge) or fails the stream as missing.
   */
  read(oid: string, range?: { start: number; end: number }): Readable {
    const cached = this.cachedFor(oid, range?.end);
    if (cached !== undefined)
      return createReadStream(cached.path, { highWaterMark: MiB, ...(range !== undefined ? range : {}) });
    const out = new PassThrough({ highWaterMark: MiB });
    const controller = new AbortController();
    // The reader went away before the answer came: the request is cancelled (pipeline handles it after).
    out.once("close", () => controller.abort());
    this.get(oid, range, controller.signal)
      .then(async (answer) => {
        if (answer !== undefined) return pipeline(answer.Body as Readable, out);
        const other = await this.notInBucket(oid, range);
        if (other === undefined) throw new Error(`LFS object ${oid} is missing from the store`);
        return pipeline(other, out);
      })
      .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  /**
   * Writes the object's bytes `range` (inclusive) into `outgoing`, whose head is set, and ends it; anything wrong
   * destroys it (the head is out). Why not read() piped: the PassThrough between the GetObject body and the socket,
   * and pipe()'s pause at every 16 KiB high-water mark, kept stopping reads of the gateway's socket (the hub's CPU
   * mostly idle at 0.3x curl straight from the gateway); here the body (the SDK's IncomingMessage) is written
   * straight into the response by pump(). A client that goes away aborts the GET (its socket is destroyed, not
   * returned to the pool half-read). Never rejects.
   */
  async send(outgoing: ServerResponse, oid: string, range: { start: number; end: number }): Promise<void> {
    const cached = this.cachedFor(oid, range.end);
    if (cached !== undefined) return sendFileRange(outgoing, cached.path, range);
    const controller = new AbortController();
    const abort = () => controller.abort();
    outgoing.once("close", abort);
    try {
      const answer = await this.get(oid, range, controller.signal);
      if (outgoing.destroyed) {
        (answer?.Body as Readable | undefined)?.destroy();
        return;
      }
      if (answer === undefined) {
        await this.sendNotInBucket(outgoing, oid, range);
        return;
      }
      const fill = range.start === 0 ? this.cache?.startFill(oid, wholeSize(answer, range)) : undefined;
      await pump(answer.Body as Readable, outgoing, range.end - range.start + 1, fill);
    } catch {
      outgoing.destroy();
    } finally {
      outgoing.off("close", abort);
    }
  }

  /**
   * The cached copy of `oid` when it holds byte `end` (the whole when undefined), counted as a use; a copy shorter
   * than the range asked (the object's size as the bucket said) is dropped, and the bucket read instead.
   */
  private cachedFor(oid: string, end: number | undefined) {
    const cached = this.cache?.use(oid);
    if (cached === undefined || end === undefined || end < cached.size) return cached;
    this.cache?.drop(oid);
    return undefined;
  }

  /** send() for an object the bucket does not hold: the Xet bridge overrides it; here it is missing. */
  protected async sendNotInBucket(
    outgoing: ServerResponse,
    _oid: string,
    _range: { start: number; end: number },
  ): Promise<void> {
    outgoing.destroy();
  }

  /**
   * Bytes of an object the bucket does not hold (`end` inclusive; the whole when no range), or undefined when it
   * is missing. The Xet bridge (bridged-lfs-store.ts) rebuilds Xet-uploaded files here.
   */
  protected async notInBucket(
    _oid: string,
    _range: { start: number; end: number } | undefined,
  ): Promise<AsyncIterable<Uint8Array> | undefined> {
    return undefined;
  }

  /** A ranged GetObject; undefined when the key is missing, 503 when the store fails. */
  private async get(
    oid: string,
    range: { start: number; end: number } | undefined,
    abortSignal?: AbortSignal,
  ): Promise<GetObjectCommandOutput | undefined> {
    try {
      return await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(oid),
          ...(range !== undefined ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
        abortSignal !== undefined ? { abortSignal } : {},
      );
    } catch (error) {
      if (isS3NotFound(error)) return undefined;
      throw unavailable(`reading LFS object ${oid.slice(0, 12)}`, error);
    }
  }

  async readBytes(oid: string, start: number, length: number): Promise<Buffer> {
    const wanted = Math.max(0, Math.min(length, MAX_READ_BYTES));
    if (wanted === 0) return Buffer.alloc(0);
    const cached = this.cache?.use(oid);
    if (cached !== undefined) return this.cache?.read(cached, start, wanted) ?? Buffer.alloc(0);
    const range = { start, end: start + wanted - 1 };
    let source: AsyncIterable<Uint8Array> | undefined;
    try {
      source = (await this.get(oid, range))?.Body as Readable | undefined;
    } catch (error) {
      // Starting past the end is a short read (as reading a file there), not a failure.
      if (s3Status((error as { cause?: unknown }).cause) === 416) return Buffer.alloc(0);
      throw error;
    }
    if (source === undefined) {
      const size = (await this.stat(oid))?.size;
      if (size === undefined) throw new Error(`LFS object ${oid} is missing from the store`);
      if (start >= size) return Buffer.alloc(0);
      source = await this.notInBucket(oid, { start, end: Math.min(range.end, size - 1) });
      if (source === undefined) throw new Error(`LFS object ${oid} is missing from the store`);
    }
    const pieces: Buffer[] = [];
    let total = 0;
    try {
      for await (const piece of source) {
        const bytes = asBuffer(piece as Uint8Array);
        pieces.push(bytes);
        total += bytes.length;
        if (total >= wanted) break;
      }
    } catch (error) {
      throw error instanceof ApiError ? error : unavailable(`reading LFS object ${oid.slice(0, 12)}`, error);
    }
    return Buffer.concat(pieces, Math.min(total, wanted));
  }

  /**
   * Removes the object's bytes (a permanent deletion, api/lfs-files.ts) unless `stillLinked` says a repository links
   * it. An object an upload in this process holds is tried again once the hold ends. There is no rename in S3 to
   * set the object aside while the links are asked again (the folder store's guard): links are only made by
   * uploads, which hold their object, so the check before the delete is the one that counts.
   */
  async removeUnlinked(oid: string, stillLinked: () => Promise<boolean>): Promise<boolean> {
    if (this.holds.held(oid)) {
      const retry = setTimeout(
        () => void this.removeUnlinked(oid, stillLinked).catch(() => {}),
        this.holds.retryAfterMs(oid),
      );
      retry.unref();
      return false;
    }
    if (await stillLinked()) return false;
    if ((await this.stat(oid)) === undefined) return false; // a Xet file, or already gone
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(oid) }));
    } catch (error) {
      throw unavailable(`deleting LFS object ${oid.slice(0, 12)}`, error);
    }
    this.cache?.drop(oid);
    return true;
  }
}

/** Bytes a download may queue in its response before the GET's body is paused (send() says why). */
const SEND_QUEUE_BYTES = 8 * MiB;

/**
 * Copies `body` into `outgoing` and ends it; rejects (after destroying `body`) when either fails or the client
 * goes away. Unlike pipe(), the body is paused only past SEND_QUEUE_BYTES queued, not at the response's 16 KiB
 * high-water mark: every such pause stops reading the gateway's socket, and those stop-and-go round trips left
 * the CPU idle at a fraction of the gateway's rate. A body shorter or longer than `length` is a failure.
 */
function pump(body: Readable, outgoing: ServerResponse, length: number, fill?: CacheFill): Promise<void> {
  return new Promise<void>((done, fail) => {
    const stop = (error: Error) => {
      body.destroy();
      fill?.abandon();
      fail(error);
    };
    let sent = 0;
    body.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (sent > length) return stop(new Error("The store sent more bytes than asked"));
      outgoing.write(chunk);
      fill?.add(chunk);
      if (outgoing.writableLength > SEND_QUEUE_BYTES) body.pause();
    });
    outgoing.on("drain", () => body.resume());
    body.once("error", stop);
    body.once("end", () =>
      sent === length
        ? outgoing.end(() => {
            fill?.finish(); // only once the client has it all: one that went away abandons the fill (close)
            done();
          })
        : stop(new Error("The store's answer ended early")),
    );
    outgoing.once("close", () => {
      if (!outgoing.writableFinished) stop(new Error("The client went away"));
    });
    outgoing.once("error", stop);
  });
}

/**
 * The object's whole size when this GetObject answered it whole for `range` (starting at 0), else -1 (no fill):
 * from Content-Range's total (a 206), or the length of a 200.
 */
function wholeSize(answer: GetObjectCommandOutput, range: { start: number; end: number }): number {
  const total = /\/(\d{1,16})$/.exec(answer.ContentRange ?? "")?.[1];
  const size =
    total !== undefined ? Number(total) : answer.$metadata.httpStatusCode === 200 ? (answer.ContentLength ?? -1) : -1;
  return range.start === 0 && size === range.end + 1 ? size : -1;
}

/** Hashes and counts a body against the declared oid and size: 400 past the size, or at the end on a mismatch. */
class BodyCheck {
  private readonly hash = createHash("sha256");
  received = 0;

  constructor(
    private readonly oid: string,
    private readonly size: number,
  ) {}

  add(bytes: Buffer): void {
    this.received += bytes.length;
    if (this.received > this.size) throw new ApiError(400, `Object is larger than the declared size ${this.size}`);
    this.hash.update(bytes);
  }

  finish(): void {
    if (this.received !== this.size)
      throw new ApiError(400, `Size mismatch: expected ${this.size} bytes, received ${this.received}`);
    const actual = this.hash.digest("hex");
    if (actual !== this.oid) throw new ApiError(400, `sha256 mismatch: expected ${this.oid}, got ${actual}`);
  }
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** A failure while reading the request body: the client's (400), unless it is already an answer. */
function asBodyError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(400, "The upload was interrupted");
}
