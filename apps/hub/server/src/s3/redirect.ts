// HUBKIT_S3_REDIRECT=1: a download of an LFS file on /resolve/ answers 302 to a presigned GET URL of the object, so
// the bytes go from the store to the client without passing through the server — as the hub answers with its CDN
// (hub-api.md §3.3). Only objects held whole in the bucket (an LFS upload, not a Xet-only file, which is rebuilt from
// xorbs by the server). The URL expires after REDIRECT_TTL_SECONDS, names the file (Content-Disposition through
// response-content-disposition) and is signed for the origin clients reach (HUBKIT_S3_PUBLIC_ENDPOINT, else the
// endpoint). The caller has checked access first: a URL is only handed to whom may read the file.
import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { LargeFileStore } from "../lfs/store.js";
import { makeS3Client } from "./client.js";
import type { S3Config } from "./config.js";
import { S3LargeFileStore } from "./lfs-store.js";

/** Long enough for a slow download to start (the URL is checked when the GET begins, not while it streams). */
export const REDIRECT_TTL_SECONDS = 3600;

/** Presigning clients of the public origin, one per configuration (signing is local: no connection is opened). */
const presigners = new WeakMap<S3Config, S3Client>();

function presignerOf(store: S3LargeFileStore): S3Client {
  const { config } = store;
  if (config.publicEndpoint === undefined || config.publicEndpoint === config.endpoint) return store.client;
  let client = presigners.get(config);
  if (client === undefined) {
    client = makeS3Client(config, { endpoint: config.publicEndpoint });
    presigners.set(config, client);
  }
  return client;
}

/**
 * Where to redirect the download of LFS object `oid`: a presigned GET URL when the store is an S3 store with
 * redirects on and holds the object whole; undefined = serve the bytes as usual.
 */
export async function presignedDownload(
  store: LargeFileStore,
  oid: string,
  contentDisposition: string | undefined,
): Promise<string | undefined> {
  if (!(store instanceof S3LargeFileStore) || !store.config.redirect) return undefined;
  if ((await store.statInBucket(oid)) === undefined) return undefined;
  const command = new GetObjectCommand({
    Bucket: store.config.bucket,
    Key: store.key(oid),
    ResponseContentType: "application/octet-stream",
    ...(contentDisposition !== undefined ? { ResponseContentDisposition: contentDisposition } : {}),
  });
  return getSignedUrl(presignerOf(store), command, { expiresIn: REDIRECT_TTL_SECONDS });
}
