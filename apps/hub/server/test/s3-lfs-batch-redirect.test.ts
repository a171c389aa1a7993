// Issue 23: with HUBKIT_S3_REDIRECT=1 the git-lfs batch API's download hrefs are presigned GETs of the bucket's
// objects (s3/redirect.ts), against a real Ceph RADOS Gateway (scripts/ci-rgw.sh exports TEST_S3_*; without it the
// tests skip, and in CI they fail). A real git-lfs clone and pull (anonymous, and with credentials for a private
// repository) fetch byte-identical files straight from the gateway; a direct batch POST shows the presigned href and
// its expiry; the access decision stays the one gate (an anonymous batch on a private repository answers exactly as
// on a missing one, another repository's oid is the per-object 404 without a URL); uploads and a hub with redirects
// off keep the hub's own hrefs.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3LargeFileStore } from "../src/s3/lfs-store.js";
import { REDIRECT_TTL_SECONDS } from "../src/s3/redirect.js";
import { gitClientEnv, run, startTestHub, type TestHub } from "./hub-harness.js";
import { type BatchObject, LfsClient, sha256 } from "./lfs-client.js";
import { hubS3Env, skipWithoutS3, useTestBucket } from "./s3-harness.js";

const MiB = 1024 * 1024;

/** An answer with the object's own oid blanked, so that two answers compare by shape. */
const shape = (object: BatchObject | undefined, oid: string) => JSON.stringify(object).replaceAll(oid, "OID");

describe.skipIf(skipWithoutS3())("git-lfs batch downloads presigned from S3", () => {
  const bucket = useTestBucket("lfs-batch-redirect");
  let hub: TestHub;
  let client: LfsClient;
  let bobToken = "";
  const weights = randomBytes(3 * MiB + 7);
  const extra = randomBytes(200_001);
  const secret = randomBytes(50_000);
  const W = { oid: sha256(weights), size: weights.length };
  const E = { oid: sha256(extra), size: extra.length };
  const S = { oid: sha256(secret), size: secret.length };
  const NEVER = { oid: sha256(Buffer.from("never stored")), size: S.size };
  /** HUBKIT_S3_REDIRECT, read by the store per request. */
  const redirects = (on: boolean) => {
    (hub.ctx.lfs as S3LargeFileStore).config.redirect = on;
  };
  /** Where the bucket's copy of `oid` is, as a presigned URL starts (path style, no public endpoint). */
  const inBucket = (oid: string) => `${bucket.config.endpoint}/${bucket.name}/lfs/${oid}?`;

  beforeAll(async () => {
    hub = await startTestHub("s3-lfs-batch-redirect", hubS3Env(bucket.name, { redirect: true }));
    client = new LfsClient(hub.url);
    await hub.admin("/api/admin/users", { name: "bob" });
    const answer = await hub.admin("/api/admin/tokens", { user: "bob", role: "write", name: "w" });
    bobToken = String(((await answer.json()) as { token: string }).token);
    // Uploads go through the hub (hash-checked) into the bucket, whatever the redirect setting.
    expect(await client.createRepo(hub.writeToken, "weights")).toBe(200);
    expect(await client.upload(hub.writeToken, "alice/weights", weights)).toBe(200);
    expect(await client.upload(hub.writeToken, "alice/weights", extra)).toBe(200);
    const files = [
      { path: "model.safetensors", ...W },
      { path: "extra.bin", ...E },
    ];
    expect((await client.commitLfs(hub.writeToken, "alice/weights", files)).status).toBe(200);
    expect(await client.createRepo(hub.writeToken, "secret", { private: true })).toBe(200);
    expect(await client.upload(hub.writeToken, "alice/secret", secret)).toBe(200);
    expect((await client.commitLfs(hub.writeToken, "alice/secret", [{ path: "s.bin", ...S }])).status).toBe(200);
  }, 120_000);
  afterAll(() => hub?.close());

  it("git-lfs clone and pull fetch byte-identical files straight from the gateway, never through the hub", async () => {
    // GIT_TRACE: git-lfs logs each transfer's URL on stderr.
    const env = { ...gitClientEnv(hub.work), GIT_TRACE: "1" };
    const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 90_000 });
    expect((await git(hub.work, "lfs", "install", "--skip-repo")).code).toBe(0);
    const fetchedFromGateway = (stderr: string, oid: string) => {
      // git-lfs logs the URL without its query, then the answer's status on the next line of its own.
      const lines = stderr.split("\n");
      const get = lines.findIndex((line) => line.endsWith(`trace git-lfs: HTTP: GET ${inBucket(oid).slice(0, -1)}`));
      expect(get, `no GET of ${oid} from the gateway`).toBeGreaterThanOrEqual(0);
      expect(lines.slice(get + 1).find((line) => line.includes("trace git-lfs: HTTP: "))).toMatch(/HTTP: 200$/);
      expect(stderr).not.toContain("/api/lfs/objects/");
    };

    // Anonymous clone of a public repository: the smudge filter downloads.
    const cloned = join(hub.work, "cloned");
    const clone = await git(hub.work, "clone", "-q", `${hub.url}/alice/weights`, cloned);
    expect(clone.code, clone.stderr.slice(-3000)).toBe(0);
    expect(readFileSync(join(cloned, "model.safetensors")).equals(weights)).toBe(true);
    expect(readFileSync(join(cloned, "extra.bin")).equals(extra)).toBe(true);
    fetchedFromGateway(clone.stderr, W.oid);
    fetchedFromGateway(clone.stderr, E.oid);

    // A private repository with credentials: `git lfs pull` must not send them along to the store (it would
    // refuse a request carrying two authorisations).
    const pulled = join(hub.work, "pulled");
    const withToken = hub.url.replace("http://", `http://alice:${hub.readToken}@`);
    const bare = await run("git", ["clone", "-q", `${withToken}/alice/secret`, pulled], {
      cwd: hub.work,
      env: { ...env, GIT_LFS_SKIP_SMUDGE: "1" },
      timeoutMs: 90_000,
    });
    expect(bare.code, bare.stderr.slice(-3000)).toBe(0);
    expect(readFileSync(join(pulled, "s.bin"), "utf8")).toContain(`oid sha256:${S.oid}`);
    const pull = await git(pulled, "lfs", "pull");
    expect(pull.code, pull.stderr.slice(-3000)).toBe(0);
    expect(readFileSync(join(pulled, "s.bin")).equals(secret)).toBe(true);
    fetchedFromGateway(pull.stderr, S.oid);
  }, 180_000);

  it("a batch download answers a presigned GET of the bucket's object, with its expiry and no credentials", async () => {
    for (const token of [undefined, hub.readToken]) {
      const before = Math.floor(Date.now() / 1000);
      const answer = await client.batch(token, "alice/weights", "download", [W]);
      expect(answer.status).toBe(200);
      const object = answer.objects[0] as BatchObject & { authenticated?: boolean };
      expect(object.authenticated).toBe(true);
      expect(object.size).toBe(W.size);
      const action = object.actions?.download as {
        href: string;
        header?: unknown;
        expires_in?: number;
        expires_at?: string;
      };
      expect(Object.keys(object.actions ?? {})).toEqual(["download"]);
      expect(action.href.startsWith(inBucket(W.oid))).toBe(true);
      expect(action.header).toBeUndefined(); // nothing to send along, least of all the caller's Authorization
      expect(answer.text).not.toContain(hub.readToken);
      // The announced lifetime is the URL's: X-Amz-Date + X-Amz-Expires.
      const query = new URL(action.href).searchParams;
      expect(query.get("X-Amz-Expires")).toBe(String(REDIRECT_TTL_SECONDS));
      expect(action.expires_in).toBe(REDIRECT_TTL_SECONDS);
      const signed = (query.get("X-Amz-Date") ?? "").replace(
        /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
        "$1-$2-$3T$4:$5:$6Z",
      );
      const expiresAt = Date.parse(action.expires_at ?? "");
      expect(expiresAt).toBe(Date.parse(signed) + REDIRECT_TTL_SECONDS * 1000);
      expect(expiresAt / 1000 - before - REDIRECT_TTL_SECONDS).toBeGreaterThanOrEqual(0);
      expect(expiresAt / 1000 - before - REDIRECT_TTL_SECONDS).toBeLessThan(30);
      // The gateway serves it to anyone holding the URL, without any other credential.
      const got = await fetch(action.href);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(weights)).toBe(true);
    }
  });

  it("an anonymous batch on a private repository answers exactly as on a missing one, and gives no URL", async () => {
    const missing = await client.batch(undefined, "alice/no-such-repo", "download", [S]);
    const hidden = await client.batch(undefined, "alice/secret", "download", [S]);
    const outsider = await client.batch(bobToken, "alice/secret", "download", [S]);
    const missingForBob = await client.batch(bobToken, "alice/no-such-repo", "download", [S]);
    expect(hidden.status).toBeGreaterThanOrEqual(400);
    expect(hidden).toEqual(missing);
    expect(outsider).toEqual(missingForBob);
    for (const answer of [hidden, outsider]) {
      expect(answer.text).not.toContain(bucket.name);
      expect(answer.text).not.toContain("X-Amz");
    }
    // Its owner gets the presigned URL.
    const own = await client.batch(hub.readToken, "alice/secret", "download", [S]);
    expect(own.objects[0]?.actions?.download?.href.startsWith(inBucket(S.oid))).toBe(true);
  });

  it("an oid of another repository is the per-object 404 of a never-stored one, without a URL", async () => {
    // S is in the bucket (alice/secret's), not in alice/weights nor in bob's repository.
    expect(await client.createRepo(bobToken, "open")).toBe(200);
    for (const [token, repo] of [
      [hub.readToken, "alice/weights"],
      [undefined, "alice/weights"],
      [bobToken, "bob/open"],
    ] as const) {
      const answer = await client.batch(token, repo, "download", [S, NEVER, W]);
      expect(answer.status).toBe(200);
      const [stolen, never] = answer.objects;
      expect(stolen?.actions).toBeUndefined();
      expect(stolen?.error).toEqual({ code: 404, message: "Object does not exist" });
      expect(shape(stolen, S.oid)).toBe(shape(never, NEVER.oid));
      expect(answer.text).not.toContain(`lfs/${S.oid}?`);
    }
  });

  it("uploads, and every download with redirects off, keep the hub's own hrefs", async () => {
    const fresh = randomBytes(1000);
    const upload = await client.batch(hub.writeToken, "alice/weights", "upload", [
      { oid: sha256(fresh), size: fresh.length },
    ]);
    const actions = upload.objects[0]?.actions ?? {};
    expect(Object.keys(actions).sort()).toEqual(["upload", "verify"]);
    for (const action of Object.values(actions)) expect(action.href.startsWith(`${hub.url}/api/lfs/`)).toBe(true);

    redirects(false);
    try {
      const answer = await client.batch(undefined, "alice/weights", "download", [W]);
      const href = answer.objects[0]?.actions?.download?.href as string;
      expect(href.startsWith(`${hub.url}/api/lfs/objects/${W.oid}/${W.size}?`)).toBe(true);
      expect(answer.text).not.toContain("X-Amz");
      expect(Buffer.from(await (await fetch(href)).arrayBuffer()).equals(weights)).toBe(true);
    } finally {
      redirects(true);
    }
  });
});
