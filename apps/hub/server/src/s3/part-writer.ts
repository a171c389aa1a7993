// A multipart upload that is completed only when told: the parts can be written straight to an object's content
// address, because S3 shows nothing of a multipart upload until CompleteMultipartUpload — so the uploader hashes
// the bytes while they stream, and completes only after the sha256 and size matched (else aborts). This avoids the
// temporary key + CopyObject scheme: no second write of every byte inside the store (Ceph copies the data), and no
// 5 GiB CopyObject limit (UploadPartCopy). A crash leaves an incomplete upload, invisible to reads, which the
// periodic sweep (stale-uploads.ts) or the bucket's lifecycle rule aborts.
//
// Memory: the caller fills one part buffer while the previous one uploads; `send` waits for that upload before
// starting the next (or the caller waits with `settled` to refill the same buffer), so at most two parts exist per
// upload and a slow store slows the reading of the request body (backpressure) instead of queueing bytes.
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { unavailable } from "./errors.js";

/** S3 allows at most this many parts in one upload. */
export const MAX_PARTS = 10_000;

export class PartWriter {
  private readonly parts: CompletedPart[] = [];
  private inFlight: Promise<void> = Promise.resolve();
  private failure: unknown;

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
    private readonly uploadId: string,
  ) {}

  static async start(client: S3Client, bucket: string, key: string): Promise<PartWriter> {
    let uploadId: string | undefined;
    try {
      uploadId = (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))).UploadId;
    } catch (error) {
      throw unavailable("starting an upload", error);
    }
    if (uploadId === undefined) throw unavailable("starting an upload", new Error("no UploadId in the answer"));
    return new PartWriter(client, bucket, key, uploadId);
  }

  /**
   * Waits for the previous part's upload (so its buffer may be refilled), then starts uploading `bytes` as the
   * next part. `bytes` must not change until the next `send` or `finish` returns. Rejects if a part failed.
   */
  async send(bytes: Buffer): Promise<void> {
    await this.inFlight;
    if (this.failure !== undefined) throw this.failure;
    const partNumber = this.parts.length + 1;
    if (partNumber > MAX_PARTS) throw new Error(`more than ${MAX_PARTS} parts`);
    const slot: CompletedPart = { PartNumber: partNumber };
    this.parts.push(slot);
    this.inFlight = this.client
      .send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: this.key,
          UploadId: this.uploadId,
          PartNumber: partNumber,
          Body: bytes,
          ContentLength: bytes.length,
        }),
      )
      .then(
        (answer) => {
          slot.ETag = answer.ETag;
        },
        (error: unknown) => {
          this.failure = unavailable(`uploading part ${partNumber}`, error);
        },
      );
  }

  /** Waits for the part in flight (its buffer may then be refilled); rejects if it failed. */
  async settled(): Promise<void> {
    await this.inFlight;
    if (this.failure !== undefined) throw this.failure;
  }

  /** Waits for the last part, then makes the object visible whole. */
  async complete(): Promise<void> {
    await this.inFlight;
    if (this.failure !== undefined) throw this.failure;
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key,
          UploadId: this.uploadId,
          MultipartUpload: { Parts: this.parts },
        }),
      );
    } catch (error) {
      throw unavailable("completing an upload", error);
    }
  }

  /** Drops the parts (best effort: what stays behind is the sweep's). Never rejects. */
  async abort(): Promise<void> {
    await this.inFlight;
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }))
      .catch((error: unknown) => {
        console.error(`[hub] could not abort the S3 upload of ${this.key} (the sweep will): ${String(error)}`);
      });
  }
}
