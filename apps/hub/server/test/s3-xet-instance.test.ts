// The Xet instance id with an S3 store (issue 23): it lives in the bucket beside the xorbs, so hubs that share the
// bucket but not a data folder name the same CAS (a client's cached casUrl works on each of them), and hubs starting
// at the same moment on a fresh bucket agree on one. Against a real Ceph RADOS Gateway (scripts/ci-rgw.sh; without it
// the tests skip, in CI they fail).
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { bucketInstanceId } from "../src/s3/xet-instance.js";
import { startTestHub, type TestHub } from "./hub-harness.js";
import { hubS3Env, skipWithoutS3, useTestBucket } from "./s3-harness.js";

if (process.env.CI === "true" && skipWithoutS3())
  throw new Error("CI=true but TEST_S3_ENDPOINT is not set: the S3 tests need the RADOS gateway");

/** What B's CAS answers for `instance`: 401 (no token) when it is B's own, 404 "Unknown CAS instance" when not. */
async function casStatus(hub: TestHub, instance: string): Promise<number> {
  const hash = "0".repeat(64);
  return (await fetch(`${hub.url}/xet/${instance}/v1/xorbs/default/${hash}`, { method: "POST", body: "x" })).status;
}

describe.skipIf(skipWithoutS3())("the Xet instance id of an S3 store", () => {
  const bucket = useTestBucket("xet-instance");

  it("is the same on two hubs with one bucket and different data folders, started one after the other", async () => {
    const env = () => hubS3Env(bucket.name, { prefix: "sequential/" });
    const a = await startTestHub("xet-instance-a", env());
    let b: TestHub | undefined;
    try {
      b = await startTestHub("xet-instance-b", env());
      const [ia, ib] = [a.ctx.xet?.instance, b.ctx.xet?.instance];
      expect(ia).toMatch(/^[0-9a-f]{12}$/);
      expect(ib).toBe(ia);
      // A casUrl handed out by A is B's own CAS (401: it wants a token), not an unknown one.
      expect(await casStatus(b, ia as string)).toBe(401);
      expect(await casStatus(b, "0123456789ab")).toBe(404);
      // Nothing of it in the data folders: the bucket keeps it.
      for (const hub of [a, b])
        expect(existsSync(join(hub.ctx.config.dataRoot as string, "xet", "instance"))).toBe(false);
    } finally {
      await b?.close();
      await a.close();
    }
  }, 180_000);

  it("is agreed on by two hubs starting at the same moment on a fresh bucket prefix", async () => {
    const env = () => hubS3Env(bucket.name, { prefix: "race/" });
    const started = await Promise.allSettled([startTestHub("xet-race-a", env()), startTestHub("xet-race-b", env())]);
    try {
      const hubs = started.map((result) => {
        if (result.status === "rejected") throw result.reason;
        return result.value;
      });
      const ids = hubs.map((hub) => hub.ctx.xet?.instance);
      expect(ids[0]).toMatch(/^[0-9a-f]{12}$/);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      for (const result of started) if (result.status === "fulfilled") await result.value.close();
    }
  }, 180_000);

  it("does not keep a hub from starting when the store is down: its Xet routes answer 503, the rest is served", async () => {
    const dead = await startTestHub("xet-instance-dead", {
      ...hubS3Env(bucket.name, { prefix: "dead/" }),
      HUBKIT_S3_ENDPOINT: "http://127.0.0.1:1",
    });
    try {
      const answer = await fetch(`${dead.url}/xet/0123456789ab/v1/xorbs/default/${"0".repeat(64)}`, {
        method: "POST",
        body: "x",
      });
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { error: string }).error).toMatch(/^Object store unavailable/);
      expect((await fetch(`${dead.url}/api/models/seed-org/seed-model`)).status).toBe(200);
    } finally {
      await dead.close();
    }
  }, 120_000);

  it("is created once when many servers race for it, and a hostile stored value is a clear error", async () => {
    const client = bucket.client;
    const candidates = Array.from({ length: 8 }, () => randomBytes(6).toString("hex"));
    const ids = await Promise.all(
      candidates.map((candidate) => bucketInstanceId(client, bucket.name, "many/instance", candidate)),
    );
    expect(new Set(ids).size).toBe(1);
    expect(candidates).toContain(ids[0]);
    // Read again later: the winner stays.
    expect(await bucketInstanceId(client, bucket.name, "many/instance", "ffffffffffff")).toBe(ids[0]);
    await client.send(new PutObjectCommand({ Bucket: bucket.name, Key: "bad/instance", Body: "../../etc" }));
    await expect(bucketInstanceId(client, bucket.name, "bad/instance", "aaaaaaaaaaaa")).rejects.toThrow(
      /holds no valid Xet instance id/,
    );
  }, 60_000);
});
