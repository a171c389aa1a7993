// The stores a hub uses when HUBKIT_S3_ENDPOINT is set (hub-wiring.ts), over one client: Xet xorbs at
// `<prefix>xet/xorbs/<hash>` (s3/xet-store.ts), LFS objects at `<prefix>lfs/<sha256>` with the Xet bridge
// (bridged-lfs-store.ts). The parts of LFS multipart transfers stay in the data folder (lfs-store.ts says why).
// The LFS store's local object cache (HUBKIT_S3_CACHE_DIR, object-cache.ts) is opened by its open() and closed by its
// close(), which hub-wiring.ts calls at shutdown (dispose) as for every large-file store.
import type { S3Client } from "@aws-sdk/client-s3";
import { MultipartArea, type MultipartLimits } from "../lfs/multipart-area.js";
import type { XetService } from "../xet/service.js";
import { S3XetBridgedStore } from "./bridged-lfs-store.js";
import { makeS3Client, prefixedKey } from "./client.js";
import type { S3Config } from "./config.js";
import { S3XetObjectStore } from "./xet-store.js";

export interface S3Stores {
  client: S3Client;
  xorbs: S3XetObjectStore;
  /** The LFS store (open it), serving Xet-uploaded files too; `partsRoot`: the multipart transfers' parts folder. */
  largeFiles(xet: XetService, partsRoot: string, limits: MultipartLimits): S3XetBridgedStore;
  /** Closes the client's connections (after the stores are closed). */
  close(): void;
}

export function s3Stores(config: S3Config): S3Stores {
  const client = makeS3Client(config);
  return {
    client,
    xorbs: new S3XetObjectStore(client, config.bucket, prefixedKey(config, "xet/")),
    largeFiles: (xet, partsRoot, limits) =>
      new S3XetBridgedStore(client, config, new MultipartArea(partsRoot, limits), xet),
    close: () => client.destroy(),
  };
}
