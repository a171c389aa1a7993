// Smoke test of the S3-compatible gateway CI starts (scripts/ci-rgw.sh, Ceph RADOS Gateway) through the client the
// hub uses (@aws-sdk/client-s3 with checksums only when required): it proves the test environment, so that an S3
// store test failing later points at the hub, not at the gateway. Bucket, 20 MiB streamed multipart upload, ranged
// GET, presigned GET with plain fetch, copy, list, delete, and requests the gateway must refuse.
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import { skipWithoutS3, useTestBucket } from "./s3-harness.js";

const MIB = 1024 * 1024;
const PART = 5 * MIB; // S3's smallest part size (all but the last)
const SIZE = 20 * MIB;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A body the SDK must stream (no length known to it from the value itself): 1 MiB chunks of `bytes`. */
function streamOf(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += MIB) yield bytes.subarray(at, at + MIB);
    })(),
  );
}

async function bodyBytes(output: { Body?: { transformToByteArray(): Promise<Uint8Array> } }): Promise<Buffer> {
  if (output.Body === undefined) throw new Error("no body");
  return Buffer.from(await output.Body.transformToByteArray());
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

describe.skipIf(skipWithoutS3())("the S3 test gateway (Ceph RADOS Gateway)", () => {
  const bucket = useTestBucket("gateway-smoke");
  const data = randomBytes(SIZE);
  const key = "models/big.bin";

  it("has the fresh bucket, empty", async () => {
    await bucket.client.send(new HeadBucketCommand({ Bucket: bucket.name }));
    const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.name }));
    expect(listed.KeyCount).toBe(0);
  });

  it("takes a 20 MiB multipart upload of streamed parts", async () => {
    const { client } = bucket;
    const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket.name, Key: key }));
    const parts: { ETag: string; PartNumber: number }[] = [];
    for (let n = 1; (n - 1) * PART < SIZE; n++) {
      const slice = data.subarray((n - 1) * PART, Math.min(n * PART, SIZE));
      const part = await client.send(
        new UploadPartCommand({
          Bucket: bucket.name,
          Key: key,
          UploadId: created.UploadId,
          PartNumber: n,
          Body: streamOf(slice),
          ContentLength: slice.length,
        }),
      );
      parts.push({ ETag: String(part.ETag), PartNumber: n });
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket.name,
        Key: key,
        UploadId: created.UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }));
    expect(head.ContentLength).toBe(SIZE);
    expect(head.ETag).toMatch(/-4"$/); // a multipart ETag names its part count
  });

  it("answers ranged GETs with exactly those bytes", async () => {
    for (const [start, end] of [
      [0, 0],
      [PART - 3, PART + 2], // across a part boundary
      [SIZE - 100, SIZE - 1],
    ]) {
      const got = await bucket.client.send(
        new GetObjectCommand({ Bucket: bucket.name, Key: key, Range: `bytes=${start}-${end}` }),
      );
      expect(got.ContentRange).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect((await bodyBytes(got)).equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it("serves a presigned GET to plain fetch, and refuses it altered", async () => {
    const url = await getSignedUrl(bucket.client, new GetObjectCommand({ Bucket: bucket.name, Key: key }), {
      expiresIn: 300,
    });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(data));
    const ranged = await fetch(url, { headers: { Range: "bytes=10-19" } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(data.subarray(10, 20))).toBe(true);
    const altered = new URL(url);
    altered.pathname = altered.pathname.replace("big.bin", "big.bim");
    const refused = await fetch(altered);
    await refused.arrayBuffer();
    expect(refused.status).toBe(403);
  });

  it("copies, lists and deletes objects", async () => {
    const { client } = bucket;
    const copyKey = "models/copy.bin";
    await client.send(
      new CopyObjectCommand({ Bucket: bucket.name, Key: copyKey, CopySource: `${bucket.name}/${key}` }),
    );
    const copy = await client.send(new GetObjectCommand({ Bucket: bucket.name, Key: copyKey }));
    expect(sha256(await bodyBytes(copy))).toBe(sha256(data));
    await client.send(new PutObjectCommand({ Bucket: bucket.name, Key: "other/small.txt", Body: "hello" }));

    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.name, Prefix: "models/" }));
    expect((listed.Contents ?? []).map((object) => [object.Key, object.Size])).toEqual([
      [key, SIZE],
      [copyKey, SIZE],
    ]);

    await client.send(new DeleteObjectCommand({ Bucket: bucket.name, Key: copyKey }));
    const gone = await client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: copyKey })).catch((e) => e);
    expect(statusOf(gone)).toBe(404);
    const after = await client.send(new ListObjectsV2Command({ Bucket: bucket.name, Prefix: "models/" }));
    expect((after.Contents ?? []).map((object) => object.Key)).toEqual([key]);
  });

  it("refuses a wrong secret and anonymous reads (S3 auth is on, whatever the cluster's own auth)", async () => {
    const wrong = new S3Client({
      endpoint: bucket.config.endpoint,
      region: bucket.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: bucket.config.accessKeyId, secretAccessKey: "not-the-secret" },
      maxAttempts: 1,
    });
    try {
      const refused = await wrong.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key })).catch((e) => e);
      expect(statusOf(refused)).toBe(403);
    } finally {
      wrong.destroy();
    }
    const anonymous = await fetch(`${bucket.config.endpoint}/${bucket.name}/${key}`);
    await anonymous.arrayBuffer();
    expect(anonymous.status).toBe(403);
  });
});
