// The S3 large-file store that also knows Xet-uploaded files (the whole-file bridge, xet.md §4), as
// xet/bridged-store.ts does for the folder store: an object not in the bucket's `lfs/` but held by a verified Xet
// file (same sha256) is reported by stat and read by rebuilding it from its xorbs (wherever the Xet service keeps
// them: the bucket too, with s3/xet-store.ts) — streamed, ranged, never stored twice. Reads try the bucket first
// (one GetObject; a miss costs one 404) and rebuild only what it does not hold. Rebuilt files are never put in the
// local object cache (object-cache.ts): only what the bucket sends whole fills it.
import type { ServerResponse } from "node:http";
import type { S3Client } from "@aws-sdk/client-s3";
import type { MultipartArea } from "../lfs/multipart-area.js";
import type { LfsObjectInfo } from "../lfs/store.js";
import { sendXetRange } from "../xet/bridge-send.js";
import { fileBytes } from "../xet/reconstruction.js";
import type { XetService } from "../xet/service.js";
import type { S3Config } from "./config.js";
import { S3LargeFileStore, type S3StatOptions } from "./lfs-store.js";

export class S3XetBridgedStore extends S3LargeFileStore {
  constructor(
    client: S3Client,
    config: S3Config,
    multipart: MultipartArea,
    readonly xet: XetService,
  ) {
    super(client, config, multipart);
  }

  /** The bucket's object (or the local cache's when the store is down, lfs-store.ts), else the Xet file's. */
  override async stat(oid: string, options: S3StatOptions = {}): Promise<LfsObjectInfo | undefined> {
    const stored = await super.stat(oid, options);
    if (stored !== undefined) return stored;
    const file = await this.xet.index.fileBySha256(oid);
    return file === undefined ? undefined : { oid, size: file.size };
  }

  /** Downloads (send()) rebuild through the bridge's fast path: reused buffers, xorb reads ahead (bridge-send.ts). */
  protected override async sendNotInBucket(
    outgoing: ServerResponse,
    oid: string,
    range: { start: number; end: number },
  ): Promise<void> {
    const { index, objects } = this.xet;
    const found = await index.fileBySha256(oid);
    const file = found === undefined ? undefined : await index.file(found.fileHash);
    if (file === undefined) outgoing.destroy();
    else await sendXetRange(outgoing, index, objects, file, range);
  }

  protected override async notInBucket(
    oid: string,
    range: { start: number; end: number } | undefined,
  ): Promise<AsyncIterable<Uint8Array> | undefined> {
    const { index, objects } = this.xet;
    const found = await index.fileBySha256(oid);
    const file = found === undefined ? undefined : await index.file(found.fileHash);
    if (file === undefined) return undefined;
    return fileBytes(index, objects, file, range?.start ?? 0, range?.end ?? file.size - 1);
  }
}
