// Issue 23: the cluster of multi-server.test.ts (two server processes on one PostgreSQL database and one data folder
// behind nginx round-robin) with the object store in an S3 bucket of the real Ceph RADOS Gateway
// (scripts/ci-rgw.sh): health checks the bucket; a server's restart leaves the other's upload in flight alone;
// kill -9 mid-upload leaves no object in the bucket and the retried upload through nginx lands whole; the official
// client uploads (Xet: the xorbs go to the bucket) and downloads through nginx byte-identical.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Cluster,
  lfsUploadHref,
  partialPut,
  sha256,
  startCluster,
  testDatabaseUrl,
  uploadAndSnapshot,
} from "./multi-server-harness.js";
import { lastJsonLine } from "./run-command.js";
import { hubS3Env, skipWithoutS3, useTestBucket } from "./s3-harness.js";

const baseUrl = testDatabaseUrl();
const skip = skipWithoutS3() || baseUrl === undefined;
const REPO = "alice/bucketed";

describe.skipIf(skip)("two servers behind nginx sharing PostgreSQL, the data folder and an S3 bucket", () => {
  const bucket = useTestBucket("multi-server");
  let cluster: Cluster;

  const inBucket = async (key: string) =>
    bucket.client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key })).then(
      (head) => head.ContentLength,
      () => undefined,
    );
  const uploadHref = (bytes: Buffer, via?: 0 | 1) => lfsUploadHref(cluster, REPO, bytes, via);
  /** Commits `bytes` as `path` through nginx and reads it back through nginx. */
  const commitAndRead = async (bytes: Buffer, path: string) => {
    const body = [
      { key: "header", value: { summary: path } },
      { key: "lfsFile", value: { path, algo: "sha256", oid: sha256(bytes), size: bytes.length } },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const committed = await cluster.authed(`/api/models/${REPO}/commit/main`, {
      method: "POST",
      headers: { "Content-Type": "application/x-ndjson" },
      body,
    });
    expect(committed.status).toBe(200);
    const resolved = await cluster.authed(`/${REPO}/resolve/main/${path}`);
    expect(sha256(Buffer.from(await resolved.arrayBuffer()))).toBe(sha256(bytes));
  };

  beforeAll(async () => {
    cluster = await startCluster("s3", baseUrl as string, {
      ...hubS3Env(bucket.name),
      HUBKIT_INSTANCE_HEARTBEAT_MS: "500",
      HUBKIT_INSTANCE_STALE_MS: "3000",
    });
    const created = await cluster.authed("/api/repos/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "bucketed" }),
    });
    expect(created.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it("health: the bucket is the object store check on both servers", async () => {
    for (const url of cluster.serverUrls) {
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { checks: unknown }).checks).toEqual({
        database: { status: "ok" },
        repositories: { status: "ok" },
        objects: { status: "ok" },
      });
    }
  });

  it("a restart of one server leaves the other's upload into the bucket alone", async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const upload = partialPut(await uploadHref(bytes, 1), bytes, 1024 * 1024);
    await new Promise((done) => setTimeout(done, 300));
    expect(await cluster.stop(0)).toBe(0);
    await cluster.start(0);
    expect(await upload.finish()).toBe(200);
    expect(await inBucket(`lfs/${sha256(bytes)}`)).toBe(bytes.length);
    await commitAndRead(bytes, "first.bin");
  }, 60_000);

  it("kill -9 mid-upload: nothing in the bucket; the retried upload through nginx lands whole", async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const cut = partialPut(await uploadHref(bytes, 0), bytes, 1024 * 1024);
    await new Promise((done) => setTimeout(done, 300));
    await cluster.server(0).kill9();
    cut.destroy();
    expect(await inBucket(`lfs/${sha256(bytes)}`)).toBeUndefined();
    expect((await fetch(await uploadHref(bytes), { method: "PUT", body: bytes })).status).toBe(200);
    expect(await inBucket(`lfs/${sha256(bytes)}`)).toBe(bytes.length);
    await commitAndRead(bytes, "second.bin");
    await cluster.start(0);
  }, 60_000);

  it("huggingface_hub 2.x with Xet through nginx: xorbs in the bucket, snapshot_download byte-identical", async () => {
    const folder = join(cluster.work, "upload");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "config.json"), '{"model_type": "bert"}\n');
    writeFileSync(join(folder, "weights.bin"), randomBytes(2 * 1024 * 1024 + 7));
    const target = join(cluster.work, "download");
    const result = await uploadAndSnapshot(cluster, "alice/xet-bucketed", folder, target);
    expect(result.code, result.stderr.slice(-3000)).toBe(0);
    expect(lastJsonLine(result.stdout)).toEqual({ path: target });
    for (const name of ["config.json", "weights.bin"])
      expect(sha256(readFileSync(join(target, name))), name).toBe(sha256(readFileSync(join(folder, name))));
    const xorbs = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.name, Prefix: "xet/xorbs/" }));
    expect(xorbs.KeyCount ?? 0).toBeGreaterThan(0);
  }, 60_000);
});
