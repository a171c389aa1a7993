// The large-file store as a folder: `objects/ab/cd/<sha256>`, written through `tmp/<instance>~<random>` (hashed and
// counted while streaming, fsynced, then renamed into place), so an object appears whole or not at all and a crash
// leaves only tmp files, removed at the next start — only those of dead servers when several share the folder
// (instances/ownership.ts: the name says which server is writing). Storing an object that is already there still
// reads and hashes every byte (an upload proves the uploader holds the bytes before the object is linked to a
// repository) but does not rewrite it. Multipart parts live beside it, in `parts/` (lfs/multipart-area.ts).
import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { ApiError } from "../api/api-error.js";
import { newInstanceId, ownedName } from "../instances/instance-id.js";
import { type LeftoverOwnership, removeAbandonedIn, soleOwnership } from "../instances/ownership.js";
import { MultipartArea, type MultipartLimits } from "./multipart-area.js";
import { SHA256_HEX } from "./pointer.js";
import { SIGNED_URL_TTL_SECONDS } from "./signing.js";
import type { LargeFileStore, LfsObjectInfo } from "./store.js";

/** Defaults of the multipart bounds: a 50 GiB object fits in flight; parts expire with their signed URLs. */
export const DEFAULT_MULTIPART_LIMITS: MultipartLimits = {
  bytesInFlightPerUser: 64 * 1024 * 1024 * 1024,
  expireAfterMs: SIGNED_URL_TTL_SECONDS * 1000,
};

export class FolderLargeFileStore implements LargeFileStore {
  private readonly objects: string;
  private readonly tmp: string;
  /** Parts of unfinished multipart uploads. */
  readonly multipart: MultipartArea;
  /** Objects an upload is writing or has just written (uploads running, end of the grace), left alone by removeUnlinked. */
  private readonly uploading = new Map<string, { active: number; until: number }>();
  /** How long an uploaded object stays protected after its upload: time for the uploader to link it. */
  static uploadLinkGraceMs = 60_000;
  /** The owner in this server's temporary names (set by open()). */
  private instance = newInstanceId();

  constructor(
    readonly root: string,
    multipartLimits: MultipartLimits = DEFAULT_MULTIPART_LIMITS,
  ) {
    this.objects = join(root, "objects");
    this.tmp = join(root, "tmp");
    this.multipart = new MultipartArea(join(root, "parts"), multipartLimits);
  }

  /**
   * Creates the folders and removes uploads a crash or a dropped connection left behind (and expired parts):
   * all of them by default (one server on the folder); with several servers, what `ownership` says is abandoned.
   */
  async open(ownership: LeftoverOwnership = soleOwnership(this.instance)): Promise<this> {
    this.instance = ownership.instance;
    await mkdir(this.objects, { recursive: true });
    await mkdir(this.tmp, { recursive: true });
    await this.removeAbandoned(ownership);
    await this.multipart.open(ownership);
    return this;
  }

  /** Removes the temporary files `ownership` says are abandoned (at start, and now and then with several servers). */
  async removeAbandoned(ownership: LeftoverOwnership): Promise<number> {
    return removeAbandonedIn(this.tmp, ownership);
  }

  /** Stops the periodic sweep of abandoned multipart uploads. */
  close(): void {
    this.multipart.close();
  }

  objectPath(oid: string): string {
    if (!SHA256_HEX.test(oid)) throw new ApiError(422, `Invalid LFS object id: ${JSON.stringify(oid.slice(0, 80))}`);
    return join(this.objects, oid.slice(0, 2), oid.slice(2, 4), oid);
  }

  async stat(oid: string): Promise<LfsObjectInfo | undefined> {
    if (!SHA256_HEX.test(oid)) return undefined;
    try {
      const info = await stat(this.objectPath(oid));
      return info.isFile() ? { oid, size: info.size } : undefined;
    } catch {
      return undefined;
    }
  }

  /** A fresh temporary file path inside the store (same file system as the objects, so rename is atomic). */
  tmpPath(): string {
    return join(this.tmp, ownedName(this.instance, randomBytes(12).toString("hex")));
  }

  async put(oid: string, size: number, body: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    const release = this.holdForUpload(oid);
    try {
      await this.putNow(oid, size, body);
    } finally {
      release();
    }
  }

  /**
   * An object being uploaded (or just uploaded, until its uploader had time to link it to a repository) is not
   * removed by removeUnlinked: its uploader may have found it present and skipped writing it. Returns the release.
   */
  private holdForUpload(oid: string): () => void {
    const hold = this.uploading.get(oid) ?? { active: 0, until: 0 };
    hold.active++;
    this.uploading.set(oid, hold);
    return () => {
      hold.active--;
      hold.until = Math.max(hold.until, Date.now() + FolderLargeFileStore.uploadLinkGraceMs);
      // The entry goes once its grace is over (the map holds only recent uploads).
      setTimeout(() => this.held(oid), FolderLargeFileStore.uploadLinkGraceMs + 1).unref();
    };
  }

  /** Whether an upload holds the object now (forgetting holds that ended). */
  private held(oid: string): boolean {
    const hold = this.uploading.get(oid);
    if (hold === undefined) return false;
    if (hold.active > 0 || Date.now() < hold.until) return true;
    this.uploading.delete(oid);
    return false;
  }

  /**
   * Removes the object's bytes (a permanent deletion, api/lfs-files.ts) unless `stillLinked` says a repository links
   * it. An object an upload holds is tried again once the hold ends. The file is first renamed aside, then the links
   * are asked again: a link made in between puts it back. Returns whether the bytes went now.
   */
  async removeUnlinked(oid: string, stillLinked: () => Promise<boolean>): Promise<boolean> {
    if (this.held(oid)) {
      const retry = setTimeout(
        () => void this.removeUnlinked(oid, stillLinked).catch(() => {}),
        Math.max(1000, (this.uploading.get(oid)?.until ?? 0) - Date.now()),
      );
      retry.unref();
      return false;
    }
    if (await stillLinked()) return false;
    const path = this.objectPath(oid);
    const aside = this.tmpPath();
    try {
      await rename(path, aside);
    } catch {
      return false; // not in the folder (a Xet file, or already gone)
    }
    if (this.held(oid) || (await stillLinked())) {
      await rename(aside, path);
      return false;
    }
    await rm(aside, { force: true });
    return true;
  }

  private async putNow(oid: string, size: number, body: Readable | AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.objectPath(oid);
    // Identical bytes already stored: checked, not rewritten.
    const present = (await this.stat(oid))?.size === size;
    const tmp = this.tmpPath();
    const hash = createHash("sha256");
    let received = 0;
    const file = present ? undefined : await open(tmp, "wx");
    try {
      for await (const chunk of body) {
        const bytes = chunk instanceof Buffer ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        received += bytes.length;
        if (received > size) throw new ApiError(400, `Object is larger than the declared size ${size}`);
        hash.update(bytes);
        await file?.write(bytes);
      }
      if (received !== size) throw new ApiError(400, `Size mismatch: expected ${size} bytes, received ${received}`);
      const actual = hash.digest("hex");
      if (actual !== oid) throw new ApiError(400, `sha256 mismatch: expected ${oid}, got ${actual}`);
      if (file === undefined) return;
      await file.sync();
      await file.close();
      await mkdir(join(target, ".."), { recursive: true });
      await rename(tmp, target);
    } catch (error) {
      await file?.close().catch(() => {});
      await rm(tmp, { force: true });
      throw error;
    }
  }

  /** Moves a completed, already verified temporary file into place (multipart uploads assemble in tmp). */
  async adopt(oid: string, tmp: string): Promise<void> {
    this.holdForUpload(oid)(); // held for the grace period after, until the uploader links it
    const target = this.objectPath(oid);
    await mkdir(join(target, ".."), { recursive: true });
    await rename(tmp, target);
  }

  read(oid: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.objectPath(oid), {
      ...(range !== undefined ? { start: range.start, end: range.end } : {}),
      highWaterMark: 1024 * 1024,
    });
  }

  async readBytes(oid: string, start: number, length: number): Promise<Buffer> {
    const file = await open(this.objectPath(oid), "r");
    try {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, 64 * 1024 * 1024)));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  /** Temporary files (for tests: a crash must leave nothing else). */
  async pendingUploads(): Promise<string[]> {
    return readdir(this.tmp).catch(() => []);
  }
}
