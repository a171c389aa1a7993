// The start-up clean-up with several servers on one data folder (instances/ownership.ts): a leftover goes only when
// the server that made it is not alive and it has been untouched for the staleness bound; git's lock files and
// names without an owner only once old. With one server (PGlite, the default) everything goes, as before.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isInstanceId, newInstanceId, ownedName, ownerOfName } from "../src/instances/instance-id.js";
import { DEFAULT_INSTANCE_LIMITS, instanceLimitsFromEnv } from "../src/instances/limits.js";
import { sharedOwnership, soleOwnership } from "../src/instances/ownership.js";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { GitStorage } from "../src/repos/git-storage.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { FolderXetObjectStore } from "../src/xet/object-store.js";

const work = mkdtempSync(join(tmpdir(), "hubkit-instances-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ME = "host-1-aaaaaaaa";
const LIVE = "host-2-bbbbbbbb";
const DEAD = "host-3-cccccccc";
const LIMITS = { ...DEFAULT_INSTANCE_LIMITS, staleAfterMs: 60_000, leftoverAgeMs: 3_600_000, staleGitLockMs: 600_000 };
const shared = () => sharedOwnership(ME, new Set([ME, LIVE]), LIMITS);

/** Creates `path` (a file, or a folder when it ends with `/`) last changed `ageMs` ago. */
function made(path: string, ageMs: number): string {
  const folder = path.endsWith("/");
  if (folder) mkdirSync(path, { recursive: true });
  else {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, "x");
  }
  const when = (Date.now() - ageMs) / 1000;
  utimesSync(path, when, when);
  return path;
}

describe("instance ids and owned names", () => {
  it("an id is file-name safe and never holds the separator; the owner comes back out of a name", () => {
    const id = newInstanceId("Web Server_01.example.org", 4242);
    expect(isInstanceId(id)).toBe(true);
    expect(id).toMatch(/^web-server-01-example-org-4242-[0-9a-f]{8}$/);
    expect(isInstanceId(newInstanceId("~~~", 1))).toBe(true);
    expect(ownerOfName(ownedName(id, "abc123"))).toBe(id);
    expect(ownerOfName("abc123")).toBeUndefined(); // a name from before instance ids
    expect(ownerOfName("../x~abc")).toBeUndefined();
  });

  it("the staleness bound must span three heartbeats", () => {
    expect(() =>
      instanceLimitsFromEnv({ HUBKIT_INSTANCE_HEARTBEAT_MS: "10000", HUBKIT_INSTANCE_STALE_MS: "20000" }),
    ).toThrow(/HUBKIT_INSTANCE_STALE_MS \(20000\) must be at least 3/);
    expect(instanceLimitsFromEnv({}).staleAfterMs).toBe(60_000);
  });
});

describe("which leftovers go", () => {
  it("shared: a dead server's old file, never a live one's or a young one's; unowned and git locks by age", () => {
    const now = Date.now();
    const own = shared();
    expect(own.mayRemove(DEAD, now - 120_000)).toBe(true);
    expect(own.mayRemove(DEAD, now - 10_000)).toBe(false); // died just now, or joined after the look-up
    expect(own.mayRemove(LIVE, now - 10 * 3_600_000)).toBe(false); // a slow upload of a live server
    expect(own.mayRemove(ME, now - 10 * 3_600_000)).toBe(false);
    expect(own.mayRemove(undefined, now - 2 * 3_600_000)).toBe(true);
    expect(own.mayRemove(undefined, now - 60_000)).toBe(false);
    expect(own.staleGitLock(now - 700_000)).toBe(true);
    expect(own.staleGitLock(now - 1_000)).toBe(false);
  });

  it("sole (PGlite, one process): everything of an earlier run goes", () => {
    const own = soleOwnership(ME);
    expect(own.mayRemove(LIVE, Date.now())).toBe(true);
    expect(own.mayRemove(undefined, Date.now())).toBe(true);
    expect(own.staleGitLock(Date.now())).toBe(true);
  });
});

describe("the stores' start-up clean-up with several servers", () => {
  it("git storage keeps a live server's half-made repository, private files and fresh locks; removes the dead one's", async () => {
    const root = join(work, "repos");
    const storage = new GitStorage(root, DEFAULT_STORAGE_LIMITS, { instance: ME });
    await storage.create({ type: "model", id: "alice/shared" });
    const owner = join(root, "models", "alice");
    const gitDir = join(owner, "shared.git");
    const keep = [
      made(join(owner, `new.git.tmp-${ownedName(LIVE, "ab12")}/`), 120_000),
      made(join(gitDir, `hubkit-index-${ownedName(LIVE, "cd34")}`), 2 * 3_600_000),
      made(join(gitDir, `hubkit-blobs-${ownedName(DEAD, "ef56")}/`), 5_000), // dead, but too recent
      made(join(gitDir, "refs", "heads", "main.lock"), 1_000), // another server's update-ref right now
      made(join(gitDir, "objects", "pack", "tmp_pack_abc"), 60_000), // another server's push
    ];
    const gone = [
      made(join(owner, `old.git.deleted-${ownedName(DEAD, "ab12")}/`), 120_000),
      made(join(owner, "older.git.tmp-9f9f"), 2 * 3_600_000), // no owner in its name, old
      made(join(gitDir, `hubkit-index-${ownedName(DEAD, "0a0a")}`), 120_000),
      made(join(gitDir, "refs", "heads", "dev.lock"), 700_000),
    ];
    await storage.cleanUp(shared());
    for (const path of keep) expect(existsSync(path), path).toBe(true);
    for (const path of gone) expect(existsSync(path), path).toBe(false);
    // With one server every leftover goes, the repository itself stays.
    await storage.cleanUp();
    for (const path of keep) expect(existsSync(path), path).toBe(false);
    expect(readdirSync(owner)).toEqual(["shared.git"]);
    storage.close();
  });

  it("the LFS and Xet folders keep a live server's temporary files and name their own with their instance", async () => {
    const lfsRoot = join(work, "lfs");
    const xetRoot = join(work, "xet");
    const live = [
      made(join(lfsRoot, "tmp", ownedName(LIVE, "1111")), 600_000),
      made(join(xetRoot, "tmp", ownedName(LIVE, "2222")), 600_000),
      made(join(lfsRoot, "parts", "alice", "obj-1-abc", `2.${ownedName(LIVE, "3333")}.tmp`), 600_000),
    ];
    const dead = [
      made(join(lfsRoot, "tmp", ownedName(DEAD, "4444")), 600_000),
      made(join(xetRoot, "tmp", ownedName(DEAD, "5555")), 600_000),
      made(join(lfsRoot, "parts", "alice", "obj-1-abc", `3.${ownedName(DEAD, "6666")}.tmp`), 600_000),
    ];
    const lfs = await new FolderLargeFileStore(lfsRoot).open(shared());
    const xet = await new FolderXetObjectStore(xetRoot).open(shared());
    for (const path of live) expect(existsSync(path), path).toBe(true);
    for (const path of dead) expect(existsSync(path), path).toBe(false);
    expect(ownerOfName(lfs.tmpPath().split("/").at(-1) ?? "")).toBe(ME);
    const pending = await xet.begin();
    expect(readdirSync(join(xetRoot, "tmp")).filter((name) => ownerOfName(name) === ME)).toHaveLength(1);
    await pending.abort();
    lfs.close();
  });
});

describe("a branch lock left by a dead git process, while the servers run", () => {
  it("a commit removes a lock older than the bound and lands; a fresh lock (a live git) is a 412", async () => {
    const storage = new GitStorage(join(work, "repos-locks"), DEFAULT_STORAGE_LIMITS, { staleGitLockMs: 60_000 });
    const ref = { type: "model" as const, id: "alice/locked" };
    await storage.create(ref);
    const lock = join(storage.gitDir(ref), "refs", "heads", "main.lock");
    const request = (path: string) => ({
      branch: "main",
      operations: [{ kind: "file" as const, path, content: Buffer.from(path) }],
      summary: path,
      author: "alice",
    });
    made(lock, 1_000);
    await expect(storage.commit(ref, request("fresh.txt"))).rejects.toMatchObject({ status: 412 });
    expect(existsSync(lock)).toBe(true);
    made(lock, 120_000);
    const { commitOid } = await storage.commit(ref, request("stale.txt"));
    expect(await storage.resolveRevision(ref, "main")).toBe(commitOid);
    expect(existsSync(lock)).toBe(false);
    storage.close();
  });
});
