// The large-file store that also knows Xet-uploaded files (the whole-file bridge, xet.md §4): an object the folder
// does not hold but a verified Xet file has (same sha256) is reported by stat and read by reconstructing it from
// its xorbs on the fly — streamed, ranged, never stored twice. So commits, resolve, git-lfs downloads, metadata
// derivation and every other LFS reader serve Xet uploads unchanged, through the same per-repository links.
import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { FolderLargeFileStore } from "../lfs/folder-store.js";
import type { MultipartLimits } from "../lfs/multipart-area.js";
import type { LargeFileStore, LfsObjectInfo } from "../lfs/store.js";
import { fileBytes } from "./reconstruction.js";
import type { XetService } from "./service.js";

export class XetBridgedStore extends FolderLargeFileStore {
  constructor(
    root: string,
    multipartLimits: MultipartLimits,
    private readonly xet: XetService,
  ) {
    super(root, multipartLimits);
  }

  override async stat(oid: string): Promise<LfsObjectInfo | undefined> {
    const stored = await super.stat(oid);
    if (stored !== undefined) return stored;
    const file = await this.xet.index.fileBySha256(oid);
    return file === undefined ? undefined : { oid, size: file.size };
  }

  override read(oid: string, range?: { start: number; end: number }): Readable {
    if (existsSync(this.objectPath(oid))) return super.read(oid, range);
    const { xet } = this;
    return Readable.from(
      (async function* () {
        const found = await xet.index.fileBySha256(oid);
        const file = found === undefined ? undefined : await xet.index.file(found.fileHash);
        if (file === undefined) throw new Error(`LFS object ${oid} is missing from the store`);
        yield* fileBytes(xet.index, xet.objects, file, range?.start ?? 0, range?.end ?? file.size - 1);
      })(),
      { objectMode: false, highWaterMark: 4 * 1024 * 1024 },
    );
  }

  override async readBytes(oid: string, start: number, length: number): Promise<Buffer> {
    if (existsSync(this.objectPath(oid))) return super.readBytes(oid, start, length);
    const size = (await this.stat(oid))?.size ?? 0;
    const end = Math.min(size, start + Math.min(length, 64 * 1024 * 1024)) - 1;
    const parts: Buffer[] = [];
    if (end >= start)
      for await (const piece of this.read(oid, { start, end })) parts.push(Buffer.from(piece as Uint8Array));
    return Buffer.concat(parts);
  }
}

/** The folder file of an object when it has one (sent with reused buffers); undefined for Xet-only objects. */
export function wholeObjectFile(store: LargeFileStore, oid: string): string | undefined {
  if (!(store instanceof FolderLargeFileStore)) return undefined;
  const path = store.objectPath(oid);
  return store instanceof XetBridgedStore && !existsSync(path) ? undefined : path;
}
