// Issue 17, finding 2: an LFS object belongs to the repositories it was uploaded to (hub-api.md §4), not to whoever
// knows its sha256. Against a real hub with alice (a private model holding object X) and bob (a public model of his
// own, a write token): no download href, no commit pointer, no resolve, no verify for X through bob's repository,
// and no answer that differs from a never-stored oid; after bob uploads the same bytes himself, his repository
// works and alice's object is untouched. Copies within a repository, moves, deletes, git pushes and the once-only
// backfill of a data folder from before the links table are covered too.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import type { HubContext } from "../src/hub-context.js";
import { LFS_BACKFILL_META_KEY } from "../src/lfs/schema.js";
import { startServer } from "../src/server.js";
import type { DbRepoIndex } from "../src/store/db-repo-index.js";
import { ADMIN_TOKEN } from "./auth-harness.js";
import { gitClientEnv, hubEnv, python, run, startTestHub, type TestHub } from "./hub-harness.js";
import { type BatchObject, LfsClient, sha256 } from "./lfs-client.js";

let hub: TestHub;
let client: LfsClient;
let bobToken = "";
const secretBytes = randomBytes(40_000);
const X = { oid: sha256(secretBytes), size: secretBytes.length };
const NEVER = { oid: sha256(Buffer.from("never stored anywhere")), size: X.size };

/** An answer with the object's own oid and every signed href blanked, so two answers compare by shape. */
function shape(object: BatchObject | undefined, oid: string): string {
  return JSON.stringify(object)
    .replaceAll(oid, "OID")
    .replace(/"href":"[^"]*"/g, '"href":"HREF"');
}

async function resolveStatus(repo: string, path: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(`${hub.url}/${repo}/resolve/main/${path}`);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  hub = await startTestHub("lfs-ownership");
  client = new LfsClient(hub.url);
  await hub.admin("/api/admin/users", { name: "bob" });
  const tokenAnswer = await hub.admin("/api/admin/tokens", { user: "bob", role: "write", name: "w" });
  bobToken = String(((await tokenAnswer.json()) as { token: string }).token);
  expect(await client.createRepo(hub.writeToken, "secret", { private: true })).toBe(200);
  expect(await client.createRepo(bobToken, "open")).toBe(200);
  expect(await client.upload(hub.writeToken, "alice/secret", secretBytes)).toBe(200);
  expect((await client.commitLfs(hub.writeToken, "alice/secret", [{ path: "weights.bin", ...X }])).status).toBe(200);
  // Private: anonymous callers get the missing-repository answer.
  expect((await resolveStatus("alice/secret", "weights.bin")).status).toBe(401);
}, 120_000);
afterAll(() => hub?.close());

describe("another user's object through one's own repository", () => {
  it("gives no download href for it, to bob or anonymously: the same per-object 404 as a never-stored oid", async () => {
    for (const token of [bobToken, undefined]) {
      const answer = await client.batch(token, "bob/open", "download", [X, NEVER]);
      expect(answer.status).toBe(200);
      const [x, never] = answer.objects;
      expect(x?.actions).toBeUndefined();
      expect(x?.error).toEqual({ code: 404, message: "Object does not exist" });
      expect(shape(x, X.oid)).toBe(shape(never, NEVER.oid));
    }
    // The owner's own repository still hands it out.
    const own = await client.batch(hub.writeToken, "alice/secret", "download", [X]);
    const href = own.objects[0]?.actions?.download?.href as string;
    expect(Buffer.from(await (await fetch(href)).arrayBuffer()).equals(secretBytes)).toBe(true);
    // A download href signed for alice's repository does not become bob's by editing the URL.
    const forged = href.replace("repo=alice%2Fsecret", "repo=bob%2Fopen");
    expect((await fetch(forged)).status).toBe(403);
  });

  it("refuses a commit pointing at it with the 422 of a never-stored oid", async () => {
    const stolen = await client.commitLfs(bobToken, "bob/open", [{ path: "w.bin", ...X }]);
    const never = await client.commitLfs(bobToken, "bob/open", [{ path: "w.bin", ...NEVER }]);
    expect(stolen.status).toBe(422);
    expect(stolen).toEqual(never);
    expect(stolen.body).toContain("LFS pointer pointed to a file that does not exist: w.bin");
    // Without a size (the form of a copy) too.
    const sizeless = await client.commitLfs(bobToken, "bob/open", [{ path: "w.bin", oid: X.oid }]);
    expect(sizeless).toEqual(await client.commitLfs(bobToken, "bob/open", [{ path: "w.bin", oid: NEVER.oid }]));
  });

  it("asks bob for the bytes exactly as for an unknown object, and verify answers 404 until he sent them", async () => {
    const answer = await client.batch(bobToken, "bob/open", "upload", [X, NEVER]);
    const [x, never] = answer.objects;
    expect(Object.keys(x?.actions ?? {}).sort()).toEqual(["upload", "verify"]);
    expect(shape(x, X.oid)).toBe(shape(never, NEVER.oid));
    const verify = x?.actions?.verify?.href as string;
    const body = JSON.stringify(X);
    expect((await fetch(verify, { method: "POST", body })).status).toBe(404);
    // Knowing the hash is not holding the bytes: a PUT of other bytes under X's signed URL links nothing.
    const upload = x?.actions?.upload?.href as string;
    expect((await fetch(upload, { method: "PUT", body: randomBytes(X.size) })).status).toBe(400);
    expect((await fetch(verify, { method: "POST", body })).status).toBe(404);
    expect((await client.commitLfs(bobToken, "bob/open", [{ path: "w.bin", ...X }])).status).toBe(422);
  });

  it("after bob uploads the same bytes, his repository serves them and alice's object is untouched", async () => {
    const before = await hub.ctx.lfs.stat(X.oid);
    expect(await client.upload(bobToken, "bob/open", secretBytes)).toBe(200);
    expect((await client.commitLfs(bobToken, "bob/open", [{ path: "w.bin", ...X }])).status).toBe(200);
    const resolved = await resolveStatus("bob/open", "w.bin");
    expect(resolved.status).toBe(200);
    expect(resolved.body.equals(secretBytes)).toBe(true);
    expect(await hub.ctx.lfs.stat(X.oid)).toEqual(before);
    const own = await fetch(`${hub.url}/alice/secret/resolve/main/weights.bin`, {
      headers: { Authorization: `Bearer ${hub.writeToken}` },
    });
    expect(Buffer.from(await own.arrayBuffer()).equals(secretBytes)).toBe(true);
    // And a second upload batch for bob's repository no longer asks.
    expect((await client.batch(bobToken, "bob/open", "upload", [X])).objects[0]).toEqual(X);
  });
});

describe("git pushes, copies, moves and deletes", () => {
  const other = randomBytes(30_000);
  const Y = { oid: sha256(other), size: other.length };

  it("does not serve a pointer pushed by git to an object the repository does not have", async () => {
    expect(await client.upload(hub.writeToken, "alice/secret", other)).toBe(200);
    expect((await client.commitLfs(hub.writeToken, "alice/secret", [{ path: "other.bin", ...Y }])).status).toBe(200);
    // bob pushes the pointer text itself (plain git, no git-lfs: nothing is uploaded for his repository).
    const home = join(hub.work, "bob-home");
    mkdirSync(home, { recursive: true });
    const env = gitClientEnv(home);
    const dir = join(hub.work, "bob-open");
    const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 60_000 });
    expect((await git(hub.work, "clone", "-q", `${hub.url}/bob/open`, dir)).code).toBe(0);
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${Y.oid}\nsize ${Y.size}\n`;
    writeFileSync(join(dir, "pushed.bin"), pointer);
    await git(dir, "add", "pushed.bin");
    await git(dir, "commit", "-qm", "pointer to someone else's object");
    const pushed = await git(
      dir,
      "push",
      "-q",
      hub.url.replace("http://", `http://bob:${bobToken}@`) + "/bob/open",
      "main",
    );
    expect(pushed.code).toBe(0);
    const resolved = await resolveStatus("bob/open", "pushed.bin");
    expect(resolved.status).toBe(404);
    expect(resolved.body.includes(other)).toBe(false);
    const viaLfs = await client.batch(bobToken, "bob/open", "download", [Y]);
    expect(viaLfs.objects[0]?.error?.code).toBe(404);
    // The pushed pointer does not make the object bob's for commits either.
    expect((await client.commitLfs(bobToken, "bob/open", [{ path: "again.bin", ...Y }])).status).toBe(422);
  }, 90_000);

  it("does not serve such a pointer from a static space app either", async () => {
    const created = await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${bobToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "app", type: "space", sdk: "static" }),
    });
    expect(created.status).toBe(200);
    const env = gitClientEnv(join(hub.work, "bob-home"));
    const dir = join(hub.work, "bob-app");
    const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 60_000 });
    expect((await git(hub.work, "clone", "-q", `${hub.url}/spaces/bob/app`, dir)).code).toBe(0);
    writeFileSync(
      join(dir, "data.bin"),
      `version https://git-lfs.github.com/spec/v1\noid sha256:${Y.oid}\nsize ${Y.size}\n`,
    );
    writeFileSync(join(dir, "index.html"), "<p>app</p>\n");
    await git(dir, "add", "data.bin", "index.html");
    await git(dir, "commit", "-qm", "pointer");
    const pushUrl = `${hub.url.replace("http://", `http://bob:${bobToken}@`)}/spaces/bob/app`;
    expect((await git(dir, "push", "-q", pushUrl, "main")).code).toBe(0);
    // The app is served (its regular file is), its pointer to an object it does not have is not.
    await expect.poll(async () => (await fetch(`${hub.url}/spaces/bob/app/app/index.html`)).status).toBe(200);
    const served = await fetch(`${hub.url}/spaces/bob/app/app/data.bin`);
    expect(served.status).toBe(404);
    expect(Buffer.from(await served.arrayBuffer()).includes(other)).toBe(false);
  }, 90_000);

  it("keeps huggingface_hub's CommitOperationCopy of an LFS file working", async () => {
    const result = await python(
      "2.0.0",
      hub,
      `from huggingface_hub import HfApi, CommitOperationCopy
api = HfApi()
api.create_commit("alice/secret", operations=[CommitOperationCopy(src_path_in_repo="weights.bin", path_in_repo="copied/weights.bin")], commit_message="copy")
print(api.hf_hub_download("alice/secret", "copied/weights.bin"))`,
      { token: hub.writeToken, xet: false }, // LFS objects of the batch API
    );
    expect(result.stderr).not.toContain("Traceback");
    expect(result.code).toBe(0);
    expect(readFileSync(result.stdout.trim().split("\n").at(-1) as string).equals(secretBytes)).toBe(true);
  }, 90_000);

  it("lets a repository commit its own object again (a copy) with or without the size", async () => {
    const copy = await client.commitLfs(hub.writeToken, "alice/secret", [
      { path: "copies/with-size.bin", ...X },
      { path: "copies/without-size.bin", oid: X.oid },
    ]);
    expect(copy.status).toBe(200);
    const tree = (await (
      await fetch(`${hub.url}/api/models/alice/secret/tree/main/copies`, {
        headers: { Authorization: `Bearer ${hub.writeToken}` },
      })
    ).json()) as { path: string; lfs?: { oid: string; size: number } }[];
    expect(tree.map((entry) => entry.lfs)).toEqual([
      { oid: X.oid, size: X.size, pointerSize: expect.any(Number) },
      { oid: X.oid, size: X.size, pointerSize: expect.any(Number) },
    ]);
  });

  it("keeps a moved repository's objects readable at its new id, and a deleted one's gone for a new repository", async () => {
    const moved = await fetch(`${hub.url}/api/repos/move`, {
      method: "POST",
      headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ fromRepo: "alice/secret", toRepo: "alice/renamed", type: "model" }),
    });
    expect(moved.status).toBe(200);
    const auth = { Authorization: `Bearer ${hub.writeToken}` };
    const resolved = await fetch(`${hub.url}/alice/renamed/resolve/main/weights.bin`, { headers: auth });
    expect(Buffer.from(await resolved.arrayBuffer()).equals(secretBytes)).toBe(true);
    expect((await client.batch(hub.writeToken, "alice/renamed", "download", [X])).objects[0]?.actions).toBeDefined();
    expect((await client.commitLfs(hub.writeToken, "alice/renamed", [{ path: "c.bin", ...Y }])).status).toBe(200);

    // A repository deleted and created again at the same id starts with no objects.
    const deleted = await fetch(`${hub.url}/api/repos/delete`, {
      method: "DELETE",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "renamed", type: "model" }),
    });
    expect(deleted.status).toBe(200);
    expect(await client.createRepo(hub.writeToken, "renamed")).toBe(200);
    expect((await client.batch(hub.writeToken, "alice/renamed", "download", [X])).objects[0]?.error?.code).toBe(404);
    expect((await client.commitLfs(hub.writeToken, "alice/renamed", [{ path: "x.bin", ...X }])).status).toBe(422);
  });
});

it("links the objects a data folder from before the links table already serves, once, at start", async () => {
  const work = mkdtempSync(join(tmpdir(), "hubkit-lfs-backfill-"));
  const start = async () => {
    const server = await startServer(loadConfig(await hubEnv(work)));
    return { server, hub: server.hub as HubContext & { index: DbRepoIndex } };
  };
  let { server, hub: ctx } = await start();
  try {
    const admin = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await admin("/api/admin/users", { name: "carol" });
    const token = String(
      ((await (await admin("/api/admin/tokens", { user: "carol", role: "write" })).json()) as { token: string }).token,
    );
    const carol = new LfsClient(server.url);
    expect(await carol.createRepo(token, "legacy")).toBe(200);
    const bytes = randomBytes(20_000);
    const Z = { oid: sha256(bytes), size: bytes.length };
    expect(await carol.upload(token, "carol/legacy", bytes)).toBe(200);
    expect((await carol.commitLfs(token, "carol/legacy", [{ path: "z.bin", ...Z }])).status).toBe(200);
    // As in a data folder written before the links table: no links, the backfill pending.
    await ctx.lfsLinks.forget({ type: "model", id: "carol/legacy" });
    await ctx.index.store.setMeta(LFS_BACKFILL_META_KEY, "pending");
    expect((await fetch(`${server.url}/carol/legacy/resolve/main/z.bin`)).status).toBe(404);
    await server.close();
    ({ server, hub: ctx } = await start());
    const resolved = await fetch(`${server.url}/carol/legacy/resolve/main/z.bin`);
    expect(resolved.status).toBe(200);
    expect(Buffer.from(await resolved.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await ctx.index.store.getMeta(LFS_BACKFILL_META_KEY)).toBe("done");
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}, 90_000);
