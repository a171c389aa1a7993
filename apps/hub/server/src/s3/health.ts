// Readiness of the object store for /api/health: the bucket answers a HeadBucket with our credentials within
// READY_TIMEOUT_MS. One try, no retry (a health probe asks again on its own schedule), and one client per
// configuration, made on first use and kept (a probe every few seconds must not open a connection pool each time).
import { HeadBucketCommand, type S3Client } from "@aws-sdk/client-s3";
import { makeS3Client } from "./client.js";
import type { S3Config } from "./config.js";

export const READY_TIMEOUT_MS = 2_000;

const clients = new WeakMap<S3Config, S3Client>();

/** Whether the bucket of `config` can be reached now (exists, credentials accepted). Never rejects. */
export async function objectStoreReady(config: S3Config): Promise<boolean> {
  let client = clients.get(config);
  if (client === undefined) {
    client = makeS3Client(config, { maxAttempts: 1 });
    clients.set(config, client);
  }
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }), {
      abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}
