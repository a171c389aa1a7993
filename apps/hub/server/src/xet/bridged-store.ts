// The large-file store that also knows Xet-uploaded files (the whole-file bridge, xet.md §4): an object the folder
// does not hold but a verified Xet file has (same sha256) is reported by stat and read by reconstructing it from
// its xorbs on the fly — streamed, ranged, never stored twice. So commits, resolve, git-lfs downloads, metadata
// derivation and every other LFS reader serve Xet uploads unchanged, through the same per-repository links.
// Downloads on Node (resolve, raw) skip the read() stream: objectSender writes the rebuilt bytes straight into the
// socket from reused buffers (bridge-send.ts, which also says why no whole-file copy is kept).
import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { sendFileRange } from "../api/send-file.js";
import type { NodeSender } from "../api/stream-response.js";
import { FolderLargeFileStore } from "../lfs/folder-store.js";
import type { MultipartLimits } from "../lfs/multipart-area.js";
import type { LargeFileStore, LfsObjectInfo } from "../lfs/store.js";
import { sendXetRange } from "./bridge-send.js";
import { fileBytes } from "./reconstruction.js";
import type { XetService } from "./service.js";

export class XetBridgedStore extends FolderLargeFileStore {
  constructor(
    root: string,
    multipartLimits: MultipartLimits,
    readonly xet: XetService,
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

/**
 * How to write an object's bytes straight into a Node response without a Readable in between: the folder file
 * through reused buffers (api/send-file.ts), a Xet-only object rebuilt from its xorbs the same way
 * (bridge-send.ts); undefined when the store has neither (then its read() stream is piped).
 */
export function objectSender(store: LargeFileStore, oid: string): NodeSender | undefined {
  const path = wholeObjectFile(store, oid);
  if (path !== undefined) return (outgoing, range) => sendFileRange(outgoing, path, range);
  // A store that sends itself (the S3 store: the bucket's object from its GetObject, or a Xet-only one rebuilt).
  const send = store.send?.bind(store);
  if (send !== undefined) return (outgoing, range) => send(outgoing, oid, range);
  if (!(store instanceof XetBridgedStore)) return undefined;
  const { xet } = store;
  return async (outgoing, range) => {
    const found = await xet.index.fileBySha256(oid).catch(() => undefined);
    const file = found === undefined ? undefined : await xet.index.file(found.fileHash).catch(() => undefined);
    // Gone between stat and send (a GC, say): the head is out, so the response is cut short.
    if (file === undefined) outgoing.destroy();
    else await sendXetRange(outgoing, xet.index, xet.objects, file, range);
  };
}
