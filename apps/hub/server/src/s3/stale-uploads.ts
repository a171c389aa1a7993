// Incomplete multipart uploads under a key prefix, aborted once they are older than STALE_AFTER_MS: what a crash
// (or an abort that failed because the store was down) leaves behind. They are invisible to reads, but hold
// storage. Every server sweeps (aborting twice is harmless: the second gets NoSuchUpload); an upload still running
// after a day is not expected (a signed upload URL lives an hour). The bucket lifecycle rule
// AbortIncompleteMultipartUpload (apps/hub/README.md) does the same where the store supports it.
import { AbortMultipartUploadCommand, ListMultipartUploadsCommand, type S3Client } from "@aws-sdk/client-s3";

export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Listing pages (of up to 1000 uploads) one sweep looks at: bounded work per run. */
const MAX_PAGES = 20;

/** Aborts the stale uploads under `prefix`; returns how many. Rejects when the store fails. */
export async function abortStaleUploads(
  client: S3Client,
  bucket: string,
  prefix: string,
  now = Date.now(),
  staleAfterMs = STALE_AFTER_MS,
): Promise<number> {
  let aborted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.send(
      new ListMultipartUploadsCommand({
        Bucket: bucket,
        Prefix: prefix,
        ...(keyMarker !== undefined ? { KeyMarker: keyMarker } : {}),
        ...(uploadIdMarker !== undefined ? { UploadIdMarker: uploadIdMarker } : {}),
      }),
    );
    for (const upload of answer.Uploads ?? []) {
      const started = upload.Initiated?.getTime() ?? now;
      if (upload.Key === undefined || upload.UploadId === undefined || now - started < staleAfterMs) continue;
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }))
        .then(() => aborted++)
        .catch(() => {}); // aborted meanwhile by another server
    }
    if (answer.IsTruncated !== true) break;
    keyMarker = answer.NextKeyMarker;
    uploadIdMarker = answer.NextUploadIdMarker;
    if (keyMarker === undefined) break;
  }
  return aborted;
}

/** Sweeps now and every SWEEP_EVERY_MS (failures logged, not thrown); returns the stop function. */
export function startStaleUploadSweep(client: S3Client, bucket: string, prefix: string): () => void {
  const run = () =>
    void abortStaleUploads(client, bucket, prefix).catch((error: unknown) =>
      console.error(`[hub] sweep of stale S3 uploads under ${prefix} failed: ${String(error)}`),
    );
  run();
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
