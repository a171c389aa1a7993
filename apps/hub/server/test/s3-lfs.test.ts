// LFS objects in an S3-compatible bucket (issue 23), against a real Ceph RADOS Gateway (scripts/ci-rgw.sh exports
// TEST_S3_*; without it the tests skip, and in CI they fail). The store alone: objects of one part and of several
// (the multipart upload completed only after the sha256 check), exact ranged reads, a wrong hash / wrong size / a
// broken body leaving nothing in `lfs/` and no unfinished upload, stale unfinished uploads swept, an unreachable
// store answering 503. Then one hub server on the bucket: git-lfs push and clone, huggingface_hub (both majors,
// HF_HUB_DISABLE_XET=1, the hub's multipart transfer) uploading and downloading byte-identical files with and without
// presigned redirects (the 302 carrying the headers the clients read; a private repository still a 404/401 first),
// and a hub whose store is unreachable answering uploads 503 while its other routes keep working.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../src/api/api-error.js";
import { DEFAULT_MULTIPART_LIMITS } from "../src/lfs/folder-store.js";
import { MultipartArea } from "../src/lfs/multipart-area.js";
import { makeS3Client } from "../src/s3/client.js";
import { s3ConfigFromEnv } from "../src/s3/config.js";
import { S3LargeFileStore } from "../src/s3/lfs-store.js";
import { abortStaleUploads } from "../src/s3/stale-uploads.js";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { createRepoWithFiles, gitClientEnv, python, run, startTestHub, type TestHub } from "./hub-harness.js";
import { hubS3Env, localhostEndpoint, skipWithoutS3, useTestBucket } from "./s3-harness.js";

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function drain(stream: Readable): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

/** A free port on 127.0.0.1 that nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe.skipIf(skipWithoutS3())("LFS objects in S3", () => {
  const bucket = useTestBucket("lfs");
  let store: S3LargeFileStore;
  let work: string;

  const storeFor = (env: Record<string, string>, parts: string) => {
    const config = s3ConfigFromEnv(env);
    if (config === undefined) throw new Error("no S3 config");
    return new S3LargeFileStore(makeS3Client(config), config, new MultipartArea(parts, DEFAULT_MULTIPART_LIMITS));
  };
  const keysUnder = async (prefix: string) =>
    ((await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.name, Prefix: prefix }))).Contents ?? []).map(
      (entry) => entry.Key,
    );
  const unfinishedUploads = async (prefix: string) =>
    (await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.name, Prefix: prefix }))).Uploads ?? [];

  beforeAll(async () => {
    work = join(process.env.TMPDIR ?? "/tmp", `hubkit-s3-lfs-${randomBytes(4).toString("hex")}`);
    mkdirSync(work, { recursive: true });
    store = await storeFor(hubS3Env(bucket.name, { prefix: "unit/" }), join(work, "parts")).open();
  });
  afterAll(() => store?.close());

  it("stores objects of one part and of several, reads them whole and by range", async () => {
    const small = randomBytes(3 * MiB + 17);
    const big = randomBytes(33 * MiB + 5); // three parts of 16 MiB: two full, one short
    for (const bytes of [small, big]) {
      const oid = sha256(bytes);
      expect(await store.stat(oid)).toBeUndefined();
      // Odd-sized pieces, so that parts are cut inside a chunk.
      const pieces = Array.from({ length: Math.ceil(bytes.length / 777_777) }, (_, i) =>
        bytes.subarray(i * 777_777, (i + 1) * 777_777),
      );
      await store.put(oid, bytes.length, Readable.from(pieces));
      expect(await store.stat(oid)).toEqual({ oid, size: bytes.length });
      expect((await drain(store.read(oid))).equals(bytes)).toBe(true);
      const range = { start: 1_000_001, end: bytes.length - 3 };
      expect((await drain(store.read(oid, range))).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
      expect((await store.readBytes(oid, 8, 100)).equals(bytes.subarray(8, 108))).toBe(true);
      expect((await store.readBytes(oid, bytes.length - 10, 100)).equals(bytes.subarray(bytes.length - 10))).toBe(true);
      expect((await store.readBytes(oid, bytes.length + 10, 100)).length).toBe(0);
      // Stored again: read and checked, and still one object.
      await store.put(oid, bytes.length, Readable.from([bytes]));
      expect(await keysUnder(`unit/lfs/${oid}`)).toEqual([`unit/lfs/${oid}`]);
    }
    expect(await unfinishedUploads("unit/")).toEqual([]);
  }, 60_000);

  it("a wrong hash, a wrong size or a broken body leaves nothing in lfs/ and no unfinished upload", async () => {
    const before = await keysUnder("unit/lfs/");
    for (const size of [2 * MiB, 20 * MiB]) {
      const bytes = randomBytes(size);
      const claimed = sha256(randomBytes(8));
      const wrongHash = store.put(claimed, size, Readable.from([bytes]));
      await expect(wrongHash).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/sha256 mismatch/) });
      const oid = sha256(bytes);
      await expect(store.put(oid, size + 1, Readable.from([bytes]))).rejects.toMatchObject({ status: 400 });
      await expect(store.put(oid, size - 1, Readable.from([bytes]))).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/larger than the declared size/),
      });
      const broken = Readable.from(
        (async function* () {
          yield bytes.subarray(0, size - MiB);
          throw new Error("connection reset");
        })(),
      );
      await expect(store.put(oid, size, broken)).rejects.toMatchObject({
        status: 400,
        message: "The upload was interrupted",
      });
      expect(await store.stat(claimed)).toBeUndefined();
      expect(await store.stat(oid)).toBeUndefined();
    }
    expect(await keysUnder("unit/lfs/")).toEqual(before);
    expect(await unfinishedUploads("unit/")).toEqual([]);
  }, 60_000);

  it("past the buffer budget an upload refills its one buffer, and a new upload is a 503 to retry", async () => {
    const tight = new S3LargeFileStore(
      store.client,
      store.config,
      new MultipartArea(join(work, "tight-parts"), DEFAULT_MULTIPART_LIMITS),
      16 * MiB, // one part buffer for all uploads
    );
    const big = randomBytes(40 * MiB + 1);
    let release = () => {};
    const gate = new Promise<void>((done) => {
      release = done;
    });
    // The first upload holds the only buffer while its body waits.
    const body = Readable.from(
      (async function* () {
        yield big.subarray(0, MiB);
        await gate;
        for (let at = MiB; at < big.length; at += 3 * MiB) yield big.subarray(at, at + 3 * MiB);
      })(),
    );
    const first = tight.put(sha256(big), big.length, body);
    await new Promise((done) => setTimeout(done, 100));
    const small = randomBytes(1000);
    await expect(tight.put(sha256(small), small.length, Readable.from([small]))).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/^Object store busy/),
    });
    release();
    await first;
    expect((await drain(tight.read(sha256(big)))).equals(big)).toBe(true);
    await tight.put(sha256(small), small.length, Readable.from([small])); // room again
    expect(await tight.stat(sha256(small))).toEqual({ oid: sha256(small), size: small.length });
  }, 60_000);

  it("unfinished uploads older than the limit are aborted by the sweep, younger ones kept", async () => {
    const key = `unit/lfs/${"e".repeat(64)}`;
    await bucket.client.send(new CreateMultipartUploadCommand({ Bucket: bucket.name, Key: key }));
    expect(await abortStaleUploads(bucket.client, bucket.name, "unit/lfs/")).toBe(0);
    expect(await unfinishedUploads("unit/lfs/")).toHaveLength(1);
    expect(await abortStaleUploads(bucket.client, bucket.name, "unit/lfs/", Date.now() + 1000, 0)).toBe(1);
    expect(await unfinishedUploads("unit/lfs/")).toEqual([]);
  });

  it("upload bodies are signed over http, not hashed again over https (TLS covers them)", async () => {
    const signedPayload = async (endpoint: string) => {
      const config = s3ConfigFromEnv({ ...hubS3Env(bucket.name), HUBKIT_S3_ENDPOINT: endpoint });
      if (config === undefined) throw new Error("no S3 config");
      const client = makeS3Client(config);
      let seen: string | undefined;
      // After signing, before the network: note the payload hash the signature covers, and stop.
      client.middlewareStack.add(
        () => async (args) => {
          seen = (args.request as { headers: Record<string, string> }).headers["x-amz-content-sha256"];
          throw new Error("stop");
        },
        { step: "finalizeRequest", priority: "low", name: "peek" },
      );
      await client
        .send(new PutObjectCommand({ Bucket: bucket.name, Key: "k", Body: Buffer.from("payload") }))
        .catch(() => {});
      client.destroy();
      return seen;
    };
    expect(await signedPayload("http://127.0.0.1:1")).toBe(sha256(Buffer.from("payload")));
    expect(await signedPayload("https://127.0.0.1:1")).toBe("UNSIGNED-PAYLOAD");
  });

  it("an unreachable store is a 503 'Object store unavailable' for stat, put and read", async () => {
    const port = await closedPort();
    const env = { ...hubS3Env(bucket.name), HUBKIT_S3_ENDPOINT: `http://127.0.0.1:${port}` };
    const dead = storeFor(env, join(work, "dead-parts"));
    const bytes = randomBytes(1000);
    const oid = sha256(bytes);
    const started = Date.now();
    const failures = [
      await dead.stat(oid).catch((error: unknown) => error),
      await dead.put(oid, bytes.length, Readable.from([bytes])).catch((error: unknown) => error),
      await drain(dead.read(oid)).catch((error: unknown) => error),
    ];
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({
        status: 503,
        message: expect.stringMatching(/^Object store unavailable: .*ECONNREFUSED/),
      });
    }
    expect(Date.now() - started).toBeLessThan(10_000); // bounded retries
    dead.close();
  });

  describe("a hub on the bucket", () => {
    let hub: TestHub;
    const LFS = "application/vnd.git-lfs+json";
    /** Downloads answer with presigned redirects (HUBKIT_S3_REDIRECT) or not: the store reads it per request. */
    const redirects = (on: boolean) => {
      (hub.ctx.lfs as S3LargeFileStore).config.redirect = on;
    };
    const publicEndpoint = () => localhostEndpoint(bucket.config.endpoint);

    beforeAll(async () => {
      hub = await startTestHub("s3-lfs", {
        ...hubS3Env(bucket.name, { publicEndpoint: publicEndpoint() }),
        // huggingface_hub's 20 MiB upload goes through the hub's multipart transfer (parts on disk, then the store).
        HUBKIT_MULTIPART_THRESHOLD_BYTES: String(16 * MiB),
        HUBKIT_MULTIPART_CHUNK_BYTES: String(8 * MiB),
      });
    }, 60_000);
    afterAll(() => hub?.close());

    /** The signed basic-upload URL the batch API hands out for `oid` in `alice/<repo>` of `on`. */
    const uploadHref = async (on: TestHub, repo: string, oid: string, size: number) => {
      const batch = await fetch(`${on.url}/alice/${repo}.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: {
          Accept: LFS,
          "Content-Type": LFS,
          Authorization: `Basic ${Buffer.from(`alice:${on.writeToken}`).toString("base64")}`,
        },
        body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size }] }),
      });
      const answer = (await batch.json()) as { objects: { actions?: { upload?: { href: string } } }[] };
      const href = answer.objects[0]?.actions?.upload?.href;
      if (href === undefined) throw new Error(`no upload action: ${JSON.stringify(answer)}`);
      return href;
    };

    it("git-lfs push and clone: the object lives in the bucket, the clone is byte-identical; private: no redirect for outsiders", async () => {
      const env = gitClientEnv(hub.work);
      const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 60_000 });
      expect((await git(hub.work, "lfs", "install", "--skip-repo")).code).toBe(0);
      await createRepoWithFiles(hub, "model", "pushed", { "README.md": "# pushed\n" });
      const first = join(hub.work, "first");
      const withToken = hub.url.replace("http://", `http://alice:${hub.writeToken}@`);
      expect((await git(hub.work, "clone", "-q", `${withToken}/alice/pushed`, first)).code).toBe(0);
      const weights = randomBytes(3 * MiB + 99);
      writeFileSync(join(first, "model.safetensors"), weights);
      await git(first, "add", "model.safetensors");
      await git(first, "commit", "-qm", "Add weights");
      const pushed = await git(first, "push", "-q", "origin", "main");
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(await keysUnder(`lfs/${sha256(weights)}`)).toEqual([`lfs/${sha256(weights)}`]);
      const second = join(hub.work, "second");
      const cloned = await git(hub.work, "clone", "-q", `${hub.url}/alice/pushed`, second);
      expect(cloned.code, cloned.stderr).toBe(0);
      expect(sha256(readFileSync(join(second, "model.safetensors")))).toBe(sha256(weights));

      // Made private: the access check comes before any redirect (no presigned URL for who may not read).
      redirects(true);
      try {
        const settings = await fetch(`${hub.url}/api/models/alice/pushed/settings`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
          body: JSON.stringify({ private: true }),
        });
        expect(settings.status).toBe(200);
        const resolve = `${hub.url}/alice/pushed/resolve/main/model.safetensors`;
        const anonymous = await fetch(resolve, { redirect: "manual" });
        expect(anonymous.status).toBe(401);
        expect(anonymous.headers.get("location")).toBeNull();
        const owner = await fetch(resolve, {
          redirect: "manual",
          headers: { Authorization: `Bearer ${hub.readToken}` },
        });
        expect(owner.status).toBe(302);
      } finally {
        redirects(false);
      }
    }, 90_000);

    describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
      const repo = `py-${version.replace(/\./g, "-")}`;
      const size = 20 * MiB + 12345;
      let oid = "";

      it("upload_file of a 20 MB file (LFS, multipart transfer), download with and without redirects", async () => {
        const file = join(hub.work, `${repo}.bin`);
        const bytes = randomBytes(size);
        oid = sha256(bytes);
        writeFileSync(file, bytes);
        redirects(false);
        const script = (redirected: boolean) => `
import hashlib, json
from huggingface_hub import HfApi, hf_hub_download, get_hf_file_metadata, hf_hub_url
api = HfApi()
out = {}
if not ${redirected ? "True" : "False"}:
    api.create_repo("alice/${repo}")
    api.upload_file(path_or_fileobj=${JSON.stringify(file)}, path_in_repo="weights.bin", repo_id="alice/${repo}")
meta = get_hf_file_metadata(hf_hub_url("alice/${repo}", "weights.bin"))
out["location"], out["etag"], out["size"], out["commit"] = meta.location, meta.etag, meta.size, meta.commit_hash
path = hf_hub_download("alice/${repo}", "weights.bin", cache_dir=${JSON.stringify(join(hub.work, `cache-${repo}-${redirected}`))})
out["sha"] = hashlib.sha256(open(path, "rb").read()).hexdigest()
print(json.dumps(out))
`;
        for (const redirected of [false, true]) {
          redirects(redirected);
          const result = await python(version, hub, script(redirected), { token: hub.writeToken, xet: false });
          expect(result.stderr.slice(-2000)).not.toMatch(/Traceback/);
          expect(result.code).toBe(0);
          const out = JSON.parse(result.stdout.trim().split("\n").pop() as string);
          expect(out.sha).toBe(oid);
          expect(out.etag).toBe(oid);
          expect(out.size).toBe(size);
          expect(out.commit).toMatch(/^[0-9a-f]{40}$/);
          // Redirected: the client was sent to the store (another host name than the hub's), else to the hub.
          if (redirected) expect(out.location.startsWith(`${publicEndpoint()}/${bucket.name}/lfs/${oid}?`)).toBe(true);
          else expect(out.location).toBe(`${hub.url}/alice/${repo}/resolve/main/weights.bin`);
        }
        expect(await keysUnder(`lfs/${oid}`)).toEqual([`lfs/${oid}`]);
        redirects(false);
      }, 180_000);

      it("the 302 keeps the headers the clients read; the presigned URL serves whole and ranged bytes", async () => {
        redirects(true);
        try {
          const resolve = `${hub.url}/alice/${repo}/resolve/main/weights.bin`;
          const head = await fetch(resolve, { method: "HEAD", redirect: "manual" });
          expect(head.status).toBe(302);
          expect(head.headers.get("x-repo-commit")).toMatch(/^[0-9a-f]{40}$/);
          expect(head.headers.get("x-linked-etag")).toBe(`"${oid}"`);
          expect(head.headers.get("x-linked-size")).toBe(String(size));
          expect(head.headers.get("etag")).toBe(`"${oid}"`);
          const location = head.headers.get("location") as string;
          expect(location.startsWith(`${publicEndpoint()}/`)).toBe(true);
          const whole = await fetch(location);
          expect(whole.status).toBe(200);
          expect(whole.headers.get("content-disposition")).toContain('filename="weights.bin"');
          expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(oid);
          // A ranged GET follows the redirect with its Range (as the JS client and resumed downloads do).
          const ranged = await fetch(resolve, { headers: { Range: "bytes=100-199" } });
          expect(ranged.status).toBe(206);
          expect((await ranged.arrayBuffer()).byteLength).toBe(100);
          // /raw/ is the pointer, never redirected.
          expect((await fetch(`${hub.url}/alice/${repo}/raw/main/weights.bin`, { redirect: "manual" })).status).toBe(
            200,
          );
        } finally {
          redirects(false);
        }
      });
    });

    it("an upload with a wrong hash is a 400 and leaves nothing in the bucket", async () => {
      await createRepoWithFiles(hub, "model", "wrong", { "README.md": "# wrong\n" });
      const before = await keysUnder("lfs/");
      for (const size of [MiB, 18 * MiB]) {
        const claimed = sha256(randomBytes(16));
        const put = await fetch(await uploadHref(hub, "wrong", claimed, size), {
          method: "PUT",
          body: randomBytes(size),
        });
        expect(put.status).toBe(400);
        expect(((await put.json()) as { message: string }).message).toMatch(/sha256 mismatch/);
      }
      expect(await keysUnder("lfs/")).toEqual(before);
      expect(await unfinishedUploads("lfs/")).toEqual([]);
    }, 60_000);

    it("the store unreachable: uploads and LFS downloads answer 503 with the cause, other routes keep working", async () => {
      const port = await closedPort();
      const dead = await startTestHub("s3-dead", {
        ...hubS3Env(bucket.name),
        HUBKIT_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      });
      try {
        const pointer = (oid: string, size: number) =>
          `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize ${size}\n`;
        const bytes = randomBytes(2 * MiB);
        const oid = sha256(bytes);
        await createRepoWithFiles(dead, "model", "down", {
          "README.md": "# down\n",
          "w.bin": pointer(oid, bytes.length),
        });
        const href = await uploadHref(dead, "down", oid, bytes.length);
        const put = await fetch(href, { method: "PUT", body: bytes });
        expect(put.status).toBe(503);
        expect(((await put.json()) as { message: string }).message).toMatch(
          /^Object store unavailable: .*ECONNREFUSED/,
        );
        // The object as if uploaded before the store went away: its download is a 503 too, not a 500 or a cut.
        await dead.ctx.lfsLinks.link({ type: "model", id: "alice/down" }, [{ oid, size: bytes.length }]);
        const download = await fetch(`${dead.url}/alice/down/resolve/main/w.bin`);
        expect(download.status).toBe(503);
        expect(((await download.json()) as { error: string }).error).toMatch(/^Object store unavailable/);
        // Everything else is served.
        expect((await fetch(`${dead.url}/api/models/alice/down`)).status).toBe(200);
        const readme = await fetch(`${dead.url}/alice/down/resolve/main/README.md`);
        expect(readme.status).toBe(200);
        expect(await readme.text()).toBe("# down\n");
      } finally {
        await dead.close();
      }
    }, 60_000);
  });
});
