// The real S3-compatible server the object-store tests run against: Ceph's RADOS Gateway, started by
// scripts/ci-rgw.sh (CI sources it; locally: `source scripts/ci-rgw.sh` in the shell that runs vitest), which exports
// TEST_S3_ENDPOINT, TEST_S3_REGION, TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY.
// - s3TestConfig(): those settings, or undefined;
// - skipWithoutS3(): for `describe.skipIf(skipWithoutS3())`: true (skip) when unset locally, a thrown error when
//   unset in CI, so CI can never pass by skipping the S3 tests;
// - useTestBucket(): a fresh bucket for one test file, removed with everything in it afterwards;
// - hubS3Env(): the environment that points a Hubkit server at that bucket (s3/config.ts's variables).
import { randomBytes } from "node:crypto";
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll } from "vitest";

export interface S3TestConfig {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: true;
}

export function s3TestConfig(): S3TestConfig | undefined {
  const endpoint = process.env.TEST_S3_ENDPOINT ?? "";
  const accessKeyId = process.env.TEST_S3_ACCESS_KEY_ID ?? "";
  const secretAccessKey = process.env.TEST_S3_SECRET_ACCESS_KEY ?? "";
  if (endpoint === "" || accessKeyId === "" || secretAccessKey === "") return undefined;
  const region = process.env.TEST_S3_REGION || "us-east-1";
  return { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle: true };
}

/** True when the S3 tests should skip (no gateway, not in CI); throws in CI, where a skip would hide a failure. */
export function skipWithoutS3(): boolean {
  if (s3TestConfig() !== undefined) return false;
  if (process.env.CI === "true")
    throw new Error(
      "CI=true but TEST_S3_ENDPOINT / TEST_S3_ACCESS_KEY_ID / TEST_S3_SECRET_ACCESS_KEY are not set: the S3 tests must run against the gateway scripts/ci-rgw.sh starts (see its output in the CI log)",
    );
  return true;
}

function requireConfig(): S3TestConfig {
  const config = s3TestConfig();
  if (config === undefined)
    throw new Error("no S3 gateway for tests: `source scripts/ci-rgw.sh` first (it sets TEST_S3_ENDPOINT)");
  return config;
}

/**
 * A client for the test gateway. Checksums only where an operation requires them: the SDK's default CRC32 trailer
 * on streamed uploads is not understood by Ceph 16's gateway.
 */
export function testS3Client(config: S3TestConfig = requireConfig()): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** A bucket name no other test file (or earlier run) uses: `hubkit-<label>-<random>`, valid for S3 (≤ 63, a-z0-9-). */
export function uniqueBucketName(label: string): string {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 30);
  return `hubkit-${clean || "test"}-${randomBytes(6).toString("hex")}`;
}

// Bounds for the clean-up: a test that left more than this behind has a bug the failing afterAll should show.
const MAX_CLEANUP_PAGES = 100;

/** Aborts unfinished multipart uploads, deletes every object, then the bucket. */
export async function deleteBucketWithContents(client: S3Client, bucket: string): Promise<void> {
  for (let page = 0; ; page++) {
    if (page === MAX_CLEANUP_PAGES) throw new Error(`bucket ${bucket}: too many unfinished uploads to clean up`);
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    const list = uploads.Uploads ?? [];
    if (list.length === 0) break;
    for (const upload of list)
      await client.send(
        new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
      );
  }
  for (let page = 0; ; page++) {
    if (page === MAX_CLEANUP_PAGES) throw new Error(`bucket ${bucket}: too many objects to clean up`);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
    const keys = (listed.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [object.Key]));
    if (keys.length === 0) break;
    // One DeleteObject each rather than DeleteObjects: that one needs a body checksum whose kind varies between the
    // SDK's versions and the gateway's; tests leave few objects.
    for (const key of keys) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}

export interface TestBucket {
  /** The bucket's name (set in beforeAll). */
  readonly name: string;
  readonly client: S3Client;
  readonly config: S3TestConfig;
}

/**
 * Call inside a `describe.skipIf(skipWithoutS3())` block: creates a fresh bucket before its tests and deletes it with
 * its objects after them.
 */
export function useTestBucket(label: string): TestBucket {
  let state: { name: string; client: S3Client; config: S3TestConfig } | undefined;
  const get = () => {
    if (state === undefined) throw new Error("the test bucket exists only inside the describe block's tests");
    return state;
  };
  beforeAll(async () => {
    const config = requireConfig();
    const client = testS3Client(config);
    const name = uniqueBucketName(label);
    await client.send(new CreateBucketCommand({ Bucket: name }));
    state = { name, client, config };
  });
  afterAll(async () => {
    if (state === undefined) return;
    try {
      await deleteBucketWithContents(state.client, state.name);
    } finally {
      state.client.destroy();
      state = undefined;
    }
  });
  return {
    get name() {
      return get().name;
    },
    get client() {
      return get().client;
    },
    get config() {
      return get().config;
    },
  };
}

export interface HubS3Options {
  /** HUBKIT_S3_REDIRECT: downloads answer 302 to a presigned GET URL (default false: bytes through the server). */
  redirect?: boolean;
  /** HUBKIT_S3_PREFIX: keys under this prefix, so that several hubs in one test can share a bucket. */
  prefix?: string;
  /** HUBKIT_S3_PUBLIC_ENDPOINT, e.g. localhostEndpoint(config.endpoint) so presigned URLs have another host name. */
  publicEndpoint?: string;
}

/** The variables of apps/hub/server/src/s3/config.ts that make a Hubkit server store large files in `bucket`. */
export function hubS3Env(bucket: string, options: HubS3Options = {}): Record<string, string> {
  const config = requireConfig();
  return {
    HUBKIT_S3_ENDPOINT: config.endpoint,
    HUBKIT_S3_BUCKET: bucket,
    HUBKIT_S3_REGION: config.region,
    HUBKIT_S3_FORCE_PATH_STYLE: "1",
    HUBKIT_S3_REDIRECT: options.redirect === true ? "1" : "0",
    ...(options.prefix !== undefined ? { HUBKIT_S3_PREFIX: options.prefix } : {}),
    ...(options.publicEndpoint !== undefined ? { HUBKIT_S3_PUBLIC_ENDPOINT: options.publicEndpoint } : {}),
    AWS_ACCESS_KEY_ID: config.accessKeyId,
    AWS_SECRET_ACCESS_KEY: config.secretAccessKey,
  };
}

/**
 * The same gateway under the host name `localhost` instead of 127.0.0.1: presigned URLs on another host than the
 * hub's (huggingface_hub sends its token along a redirect to the same host).
 */
export function localhostEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  url.hostname = "localhost";
  return url.origin;
}
