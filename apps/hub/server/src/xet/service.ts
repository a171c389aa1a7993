// The Xet CAS's work, apart from HTTP: storing a verified xorb, checking and recording a shard (xet.md §3.7),
// answering a dedup query with a keyed shard (§3.6 c), and the instance id that goes into the casUrl (so a client's
// three-week shard cache never points at a wiped store; an S3 store keeps it in the bucket, object-store.ts).
import { createHash, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ApiError } from "../api/api-error.js";
import type { LeftoverOwnership } from "../instances/ownership.js";
import type { RepoObjectLinks } from "../lfs/repo-objects.js";
import type { UrlSigner } from "../lfs/signing.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { type HashedSize, hashModPow2, hashToHex, type RawHash, type XetHashing, xetHashing } from "./hash.js";
import { hashPool } from "./hash-pool.js";
import { FolderXetObjectStore, type XetObjectStore } from "./object-store.js";
import { fileBytes } from "./reconstruction.js";
import { CHUNK_GLOBAL_DEDUP, type ParsedShard, parseShard, type ShardXorb, writeShard } from "./shard.js";
import { type StoredXorb, type Term, XetIndex } from "./xet-index.js";
import { XorbReader } from "./xorb.js";

export class XetValidationError extends Error {}

/**
 * The store's id, made once: written whole to a temporary file and linked into place, so servers starting at the
 * same moment on one folder all read the one that won (never a half-written file, never EEXIST).
 */
function storeInstance(file: string): string {
  if (!existsSync(file)) {
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    writeFileSync(temporary, randomBytes(6).toString("hex"), { flag: "wx" });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  return readFileSync(file, "utf8").trim();
}

/** Chunk references one shard's files may make in all (≈ 256 GB of file data at 64 KiB a chunk). */
const MAX_SHARD_FILE_CHUNKS = 4_000_000;
/** Bytes of xorb records gathered before one write. */
const WRITE_BATCH = 4 * 1024 * 1024;
/** Dedup shards: how long the client may use the answer. */
const DEDUP_KEY_DAYS = 7;

function fail(message: string): never {
  throw new XetValidationError(message);
}

/** What the CAS received and served since start (tests and the benchmark read these). */
export interface XetCounters {
  xorbsReceived: number;
  xorbBytesReceived: number;
  shards: number;
  reconstructions: number;
  dedupQueries: number;
  rangeBytesServed: number;
  lz4Chunks: number;
  bg4Chunks: number;
}

export class XetService {
  readonly counters: XetCounters = {
    xorbsReceived: 0,
    xorbBytesReceived: 0,
    shards: 0,
    reconstructions: 0,
    dedupQueries: 0,
    rangeBytesServed: 0,
    lz4Chunks: 0,
    bg4Chunks: 0,
  };

  /** The instance id once known; a bucket's is read at open, or later when the store did not answer then. */
  private known: string | undefined;
  private reading: Promise<unknown> | undefined;
  private readonly readInstance: (() => Promise<string>) | undefined;

  private constructor(
    readonly index: XetIndex,
    readonly objects: XetObjectStore,
    readonly hashing: XetHashing,
    readonly signer: UrlSigner,
    instance: string | (() => Promise<string>),
    private readonly links: RepoObjectLinks,
  ) {
    if (typeof instance === "string") this.known = instance;
    else this.readInstance = instance;
  }

  /**
   * The store's instance id (the casUrl's last segment). With a bucket that did not answer yet, a 503 (the Xet
   * routes need the store anyway) while one read at a time is tried again in the background.
   */
  get instance(): string {
    if (this.known !== undefined) return this.known;
    this.reading ??= this.tryReadInstance().finally(() => {
      this.reading = undefined;
    });
    throw new ApiError(503, "Object store unavailable: the Xet instance id could not be read yet; retry shortly", {
      headers: { "Retry-After": "5" },
    });
  }

  /** One read of a bucket's instance id; false (logged) when the store does not answer. */
  private async tryReadInstance(): Promise<boolean> {
    if (this.known !== undefined || this.readInstance === undefined) return true;
    try {
      this.known = await this.readInstance();
      return true;
    } catch (error) {
      console.error(`[hub] reading the Xet instance id failed (Xet answers 503 until it works): ${String(error)}`);
      return false;
    }
  }

  /**
   * `objects`: where xorbs live (an S3 bucket, s3/xet-store.ts); by default the folder `<root>/xorbs`, whose
   * abandoned tmp files go now (`ownership`: which ones, with several servers on the folder; by default all).
   */
  static async open(
    root: string,
    db: Pick<Db, "query" | "transaction">,
    signer: UrlSigner,
    links: RepoObjectLinks,
    objects?: XetObjectStore,
    ownership?: LeftoverOwnership,
  ) {
    mkdirSync(root, { recursive: true });
    const local = join(root, "instance");
    // A bucket keeps the id with the xorbs (servers on it may not share this folder); a folder from before that
    // offers its own id, so the first server to start keeps the casUrl its clients cached.
    // A store that does not answer at start must not keep the hub from serving everything else: read it later.
    const shared = objects?.sharedInstance?.bind(objects);
    const candidate = existsSync(local) ? readFileSync(local, "utf8").trim() : randomBytes(6).toString("hex");
    const instance = shared !== undefined ? () => shared(candidate) : storeInstance(local);
    const store = objects ?? (await new FolderXetObjectStore(root).open(ownership));
    const service = new XetService(new XetIndex(db), store, await xetHashing(), signer, instance, links);
    await service.tryReadInstance();
    return service;
  }

  /**
   * Stores a xorb from its upload stream after checking every record and the xorb hash; links it to `ref`.
   * Returns whether it was new. Nothing is stored when anything is wrong.
   */
  async putXorb(ref: RepoRef, hash: string, body: AsyncIterable<Uint8Array>): Promise<boolean> {
    const pool = hashPool();
    const reader = new XorbReader(this.hashing, pool.hash, pool.allocate);
    const pending = await this.objects.begin();
    let verified: Awaited<ReturnType<XorbReader["finish"]>>;
    try {
      // The body is stored as it arrives, in batches of a few MiB (one writev each, no copy); the reader checks
      // and hashes every record meanwhile, and commit cuts the object to the chunk area (dropping a footer).
      let batch: Uint8Array[] = [];
      let batched = 0;
      for await (const piece of body) {
        reader.push(piece);
        await reader.drain();
        batch.push(piece);
        batched += piece.byteLength;
        if (batched >= WRITE_BATCH) {
          await pending.write(batch);
          batch = [];
          batched = 0;
        }
      }
      if (batched > 0) await pending.write(batch);
      verified = await reader.finish();
      this.counters.xorbsReceived++;
      this.counters.xorbBytesReceived += reader.chunkAreaLength;
      this.counters.lz4Chunks += reader.compressed.lz4;
      this.counters.bg4Chunks += reader.compressed.bg4;
      if (verified.hash !== hash) fail(`xorb hash mismatch: the body hashes to ${verified.hash}`);
      await pending.commit(hash, reader.chunkAreaLength);
    } catch (error) {
      await pending.abort();
      throw error;
    }
    // The file is durable before the row: a crash in between leaves a file the retry records.
    const inserted = await this.index.addXorb(hash, verified.chunks);
    await this.index.linkXorbs(ref, [hash]);
    await this.index.addDedup(
      verified.chunks
        .filter((chunk) => hashModPow2(chunk.hash, 1024) === 0)
        .map((chunk) => ({ chunk: chunk.hash, xorb: hash })),
    );
    return inserted;
  }

  /** Checks a shard against the stored xorbs (§3.7), records its files and links them to `ref`. */
  async putShard(ref: RepoRef, bytes: Buffer): Promise<void> {
    const shard = parseShard(bytes);
    this.counters.shards++;
    const xorbs = new Map<string, StoredXorb>();
    const stored = async (hash: string): Promise<StoredXorb> => {
      let xorb = xorbs.get(hash);
      if (xorb === undefined) {
        xorb = await this.index.xorb(hash);
        if (xorb === undefined) fail(`xorb ${hash} is not stored: upload it before the shard`);
        xorbs.set(hash, xorb);
      }
      return xorb;
    };
    for (const listed of shard.xorbs) this.checkListedXorb(listed, await stored(listed.hash));
    let references = 0;
    const files: { fileHash: string; size: number; sha256: string; terms: Term[]; firstChunk: RawHash }[] = [];
    for (const file of shard.files) {
      if (file.sha256 === undefined) fail(`file ${file.fileHash}: no sha256 (FileMetadataExt) in the shard`);
      const leaves: HashedSize[] = [];
      const terms: Term[] = [];
      for (const segment of file.segments) {
        const xorb = await stored(segment.xorb);
        const { chunkStart: start, chunkEnd: end } = segment;
        if (!(start < end && end <= xorb.chunks.length))
          fail(`file ${file.fileHash}: chunks [${start}, ${end}) are outside xorb ${segment.xorb}`);
        references += end - start;
        if (references > MAX_SHARD_FILE_CHUNKS) fail("the shard's files reference too many chunks");
        const chunks = xorb.chunks.slice(start, end);
        const unpacked = chunks.reduce((sum, chunk) => sum + chunk.size, 0);
        if (unpacked !== segment.unpackedBytes)
          fail(
            `file ${file.fileHash}: a segment of xorb ${segment.xorb} claims ${segment.unpackedBytes} bytes, its chunks hold ${unpacked}`,
          );
        if (segment.verification === undefined) fail(`file ${file.fileHash}: no verification hashes in the shard`);
        const expected = this.hashing.verification(chunks.map((chunk) => chunk.hash));
        if (!Buffer.from(expected).equals(Buffer.from(segment.verification)))
          fail(`file ${file.fileHash}: wrong verification hash for a segment of xorb ${segment.xorb}`);
        for (const chunk of chunks) leaves.push({ hash: chunk.hash, size: chunk.size });
        terms.push({ xorb: segment.xorb, chunkStart: start, chunkEnd: end, unpackedBytes: unpacked });
      }
      const computed = hashToHex(this.hashing.file(leaves));
      if (computed !== file.fileHash)
        fail(`file hash mismatch: the segments hash to ${computed}, not ${file.fileHash}`);
      const size = leaves.reduce((sum, leaf) => sum + leaf.size, 0);
      files.push({
        fileHash: file.fileHash,
        size,
        sha256: file.sha256,
        terms,
        firstChunk: (leaves[0] as HashedSize).hash,
      });
    }
    for (const file of files) {
      const known = await this.index.file(file.fileHash);
      if (known?.sha256 !== null && known?.sha256 !== undefined) {
        // The same bytes always have the same sha256: a different claim is a lie.
        if (known.sha256 !== file.sha256) fail(`file ${file.fileHash}: its sha256 is not ${file.sha256}`);
      } else {
        // The sha256 is what commits, LFS and resolve know the file by: prove it from the bytes before recording it.
        const hash = createHash("sha256");
        for await (const piece of fileBytes(
          this.index,
          this.objects,
          { ...file, sha256: null },
          0,
          file.size - 1,
          true,
        ))
          hash.update(piece);
        if (hash.digest("hex") !== file.sha256)
          fail(`file ${file.fileHash}: its bytes do not have sha256 ${file.sha256}`);
        await this.index.addFile({ fileHash: file.fileHash, size: file.size, sha256: file.sha256, terms: file.terms });
      }
    }
    await this.index.linkXorbs(ref, [...xorbs.keys()]);
    await this.index.touchXorbs([...xorbs.keys()]);
    await this.links.link(
      ref,
      files.map((file) => ({ oid: file.sha256, size: file.size })),
    );
    const eligible: { chunk: RawHash; xorb: string }[] = files.map((file) => ({
      chunk: file.firstChunk,
      xorb: (file.terms[0] as Term).xorb,
    }));
    for (const listed of shard.xorbs)
      for (const chunk of listed.chunks)
        if ((chunk.flags & CHUNK_GLOBAL_DEDUP) !== 0) eligible.push({ chunk: chunk.hash, xorb: listed.hash });
    await this.index.addDedup(eligible);
  }

  private checkListedXorb(listed: ShardXorb, xorb: StoredXorb): void {
    if (listed.chunks.length !== xorb.chunks.length)
      fail(`xorb ${listed.hash}: the shard lists ${listed.chunks.length} chunks, the xorb has ${xorb.chunks.length}`);
    listed.chunks.forEach((chunk, i) => {
      const actual = xorb.chunks[i];
      if (
        actual === undefined ||
        !Buffer.from(actual.hash).equals(Buffer.from(chunk.hash)) ||
        actual.size !== chunk.size ||
        actual.unpackedStart !== chunk.start
      )
        fail(`xorb ${listed.hash}: chunk ${i} differs from the stored xorb`);
    });
  }

  /** A dedup shard for the xorb holding `chunkHash`, or undefined. */
  async dedupShard(xorbHash: string): Promise<Buffer | undefined> {
    const xorb = await this.index.xorb(xorbHash);
    if (xorb === undefined) return undefined;
    await this.index.touchXorbs([xorbHash]);
    const key = randomBytes(32);
    const hmac = await this.hashing.keyed(key);
    const chunks = [];
    for (const chunk of xorb.chunks)
      chunks.push({ hash: hmac(chunk.hash), start: chunk.unpackedStart, size: chunk.size, flags: 0 });
    const shard: ParsedShard = {
      files: [],
      xorbs: [{ hash: xorbHash, bytesOnDisk: xorb.chunks.at(-1)?.byteEnd ?? 0, chunks }],
    };
    return writeShard(shard, {
      footer: true,
      hmacKey: key,
      keyExpiry: Math.floor(Date.now() / 1000) + DEDUP_KEY_DAYS * 86400,
    });
  }
}
