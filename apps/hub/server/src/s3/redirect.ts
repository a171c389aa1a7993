// HUBKIT_S3_REDIRECT=1: a download of an LFS file on /resolve/ answers 302 to a presigned GET URL of the object, and
// the git-lfs batch API hands out the same kind of URL as an object's download href, so the bytes go from the store
// to the client without passing through the server — as the hub answers with its CDN (hub-api.md §3.3). Only objects held whole in the bucket (an LFS upload, not a Xet-only file, which is rebuilt from
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

/** The S3 store behind `store` when its downloads answer with presigned redirects, else undefined. */
function redirectingStore(store: LargeFileStore): S3LargeFileStore | undefined {
  return store instanceof S3LargeFileStore && store.config.redirect ? store : undefined;
}

export interface PresignedGet {
  url: string;
  /** Seconds the URL stays valid from `signedAt`, and the moment it stops (what the batch API's actions announce). */
  expiresIn: number;
  expiresAt: Date;
}

/** A presigned GET of the bucket's copy of `oid` (the caller saw the bucket hold it: signing looks nothing up). */
async function presignGet(
  store: S3LargeFileStore,
  oid: string,
  contentDisposition: string | undefined,
): Promise<PresignedGet> {
  const command = new GetObjectCommand({
    Bucket: store.config.bucket,
    Key: store.key(oid),
    ResponseContentType: "application/octet-stream",
    ...(contentDisposition !== undefined ? { ResponseContentDisposition: contentDisposition } : {}),
  });
  // Signed at a whole second (X-Amz-Date has no fraction), so expiresAt is exactly when the store refuses the URL.
  const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const url = await getSignedUrl(presignerOf(store), command, {
    expiresIn: REDIRECT_TTL_SECONDS,
    signingDate: signedAt,
  });
  return {
    url,
    expiresIn: REDIRECT_TTL_SECONDS,
    expiresAt: new Date(signedAt.getTime() + REDIRECT_TTL_SECONDS * 1000),
  };
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
  const s3 = redirectingStore(store);
  if (s3 === undefined || (await s3.statInBucket(oid)) === undefined) return undefined;
  return (await presignGet(s3, oid, contentDisposition)).url;
}

/**
 * For the LFS batch API's downloads: the stored object's size (undefined = not stored), with a presigned GET when
 * the store redirects and the bucket holds it whole; without one (redirects off, the folder store, a Xet-only file
 * rebuilt by the server) the batch hands out its own href. The caller has decided the object is the repository's
 * and the caller may read it. One HeadObject for an object in the bucket, as store.stat() costs.
 */
export async function statForDownload(
  store: LargeFileStore,
  oid: string,
): Promise<{ size: number; presigned?: PresignedGet } | undefined> {
  const s3 = redirectingStore(store);
  const inBucket = s3 === undefined ? undefined : await s3.statInBucket(oid);
  if (s3 === undefined || inBucket === undefined) return store.stat(oid);
  return { size: inBucket.size, presigned: await presignGet(s3, oid, undefined) };
}
