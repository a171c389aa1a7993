// kill -9 the real server mid-upload and mid-commit, restart it on the same data folder, and check what a crash may
// leave: no object that was not fully received, no temporary file, `git fsck --strict` clean, a branch at the old
// or the new commit and never between, and an index (repo info, listing) at exactly the commit git has — including
// after a crash between the ref update and the index update, which the start-up reconciliation heals.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import {
  commit,
  createRepo,
  faultHub,
  file,
  filesUnder,
  fsckAll,
  gitDir,
  header,
  headOnDisk,
  ndjson,
} from "./faults-harness.js";

const CHUNK = 131_072;
const hub = faultHub("crash", {
  HUBKIT_MULTIPART_THRESHOLD_BYTES: "100000",
  HUBKIT_MULTIPART_CHUNK_BYTES: String(CHUNK),
});
const REPO = "alice/crash";
const LFS = "application/vnd.git-lfs+json";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** What the index says: repo info's sha and siblings, and the listing's sha for the same repository. */
async function indexed(): Promise<{ sha: string; files: string[]; listedSha: string }> {
  const info = (await (await hub.authed(`/api/models/${REPO}`)).json()) as {
    sha: string;
    siblings: { rfilename: string }[];
  };
  const listing = (await (await hub.authed("/api/models?author=alice&expand[]=sha")).json()) as {
    id: string;
    sha: string;
  }[];
  return {
    sha: info.sha,
    files: info.siblings.map((sibling) => sibling.rfilename).sort(),
    listedSha: listing.find((row) => row.id === REPO)?.sha ?? "",
  };
}

/** Files of the default branch, through the tree API (all pages). */
async function treeFiles(): Promise<string[]> {
  const found: string[] = [];
  let next: string | undefined = `${hub.current().url}/api/models/${REPO}/tree/main?recursive=true`;
  for (let page = 0; next !== undefined && page < 20; page++) {
    const response: Response = await hub.authed(next.slice(hub.current().url.length));
    const entries = (await response.json()) as { type: string; path: string }[];
    found.push(...entries.filter((entry) => entry.type === "file").map((entry) => entry.path));
    next = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
  }
  return found.sort();
}

async function expectConsistent(): Promise<string> {
  const head = await headOnDisk(hub, REPO);
  const index = await indexed();
  expect(index.sha).toBe(head);
  expect(index.listedSha).toBe(head);
  expect(index.files).toEqual(await treeFiles());
  expect(await fsckAll(hub.dataDir)).toEqual([]);
  return head;
}

function batchUpload(oid: string, size: number, transfers = ["basic"]) {
  return hub.authed(`/${REPO}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { Accept: LFS, "Content-Type": LFS },
    body: JSON.stringify({ operation: "upload", transfers, objects: [{ oid, size }] }),
  });
}

/** A PUT that declares `total` bytes but sends only `sent` of them and waits: a kill then lands mid-body. */
function partialPut(href: string, sent: Buffer, total: number): { ended: Promise<void>; destroy(): void } {
  const put = request(href, { method: "PUT", headers: { "Content-Length": String(total) } });
  const ended = new Promise<void>((done) => {
    put.on("error", () => done());
    put.on("response", (response) => {
      response.resume();
      done();
    });
  });
  put.write(sent);
  return { ended, destroy: () => put.destroy() };
}

/** The private files and folders a commit makes inside the repository while it runs (blob batches, its index). */
function inFlight(): string[] {
  return readdirSync(gitDir(hub, REPO)).filter((name) => name.startsWith("hubkit-"));
}

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

let base = "";
beforeAll(async () => {
  await hub.start();
  await createRepo(hub, "crash");
  const response = await commit(hub, REPO, ndjson([header(), file("a.txt", "before any crash")]));
  expect(response.status).toBe(200);
  base = ((await response.json()) as { commitOid: string }).commitOid;
}, 90_000);

it("kill -9 mid-upload: no object and no temporary file after restart; the batch API asks for the bytes again", async () => {
  const bytes = randomBytes(6 * 1024 * 1024);
  const oid = sha256(bytes);
  const answer = (await (await batchUpload(oid, bytes.length)).json()) as {
    objects: { actions: { upload: { href: string } } }[];
  };
  const href = answer.objects[0]?.actions.upload.href as string;

  // The PUT declares the whole length but sends a third of it, then waits: the kill lands mid-body.
  const basic = partialPut(href, bytes.subarray(0, 2 * 1024 * 1024), bytes.length);
  // A multipart upload cut the same way: part 1 whole, part 2 half-sent.
  const big = randomBytes(3 * CHUNK);
  const bigOid = sha256(big);
  const multipart = (await (await batchUpload(bigOid, big.length, ["basic", "multipart"])).json()) as {
    objects: { actions: { upload: { href: string; header: Record<string, string> } } }[];
  };
  const upload = multipart.objects[0]?.actions.upload;
  const partUrl = (n: number) => upload?.header[String(n).padStart(5, "0")] as string;
  const part1 = await fetch(partUrl(1), { method: "PUT", body: big.subarray(0, CHUNK) });
  expect(part1.status).toBe(200);
  const part2 = partialPut(partUrl(2), big.subarray(CHUNK, CHUNK + CHUNK / 2), CHUNK);
  const tmp = join(hub.dataDir, "lfs", "tmp");
  // Multipart parts live in lfs/parts (lfs/multipart-area.ts): a part being received is a `.tmp` file there.
  const partsDir = join(hub.dataDir, "lfs", "parts");
  const partialParts = () => filesUnder(partsDir).filter((path) => path.endsWith(".tmp"));
  await until(() => filesUnder(tmp).length > 0 && partialParts().length > 0, "both uploads' temporary files");
  await hub.current().kill9();
  basic.destroy();
  part2.destroy();
  await Promise.all([basic.ended, part2.ended]);
  expect(filesUnder(tmp).length, "the crash left the partial upload in tmp").toBeGreaterThan(0);
  expect(partialParts().length, "the crash left the partial part").toBeGreaterThan(0);

  await hub.start();
  expect(filesUnder(tmp)).toEqual([]);
  expect(partialParts()).toEqual([]);
  expect(filesUnder(join(hub.dataDir, "lfs", "objects"))).toEqual([]);
  const again = (await (await batchUpload(oid, bytes.length)).json()) as {
    objects: { actions?: { upload?: { href: string } } }[];
  };
  const retry = again.objects[0]?.actions?.upload?.href;
  expect(retry, "the object must be asked for again").toBeDefined();
  const early = await commit(
    hub,
    REPO,
    ndjson([header(), { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid, size: bytes.length } }]),
  );
  expect(early.status).toBe(422);
  expect(await expectConsistent()).toBe(base);
  // The half-sent part went with the crash, so completing the multipart upload is refused; the whole part 1
  // stays (an upload folder lives until it is untouched for as long as a signed URL lives).
  const parts = [1, 2, 3].map((partNumber) => ({
    partNumber,
    etag: partNumber === 1 ? (part1.headers.get("etag") ?? "") : "x",
  }));
  // The signed URL named the old server's port; the signature covers the action, object, repository and user.
  const sameUrlHere = new URL(upload?.href as string);
  sameUrlHere.host = new URL(hub.current().url).host;
  const completion = await fetch(sameUrlHere, {
    method: "POST",
    body: JSON.stringify({ oid: bigOid, parts }),
  });
  expect(completion.status).toBe(400);
  expect(((await completion.json()) as { message: string }).message).toBe(
    "Part 2 is missing or its ETag does not match",
  );
  expect(filesUnder(join(hub.dataDir, "lfs", "objects"))).toEqual([]);

  // The upload then succeeds and commits.
  expect((await fetch(retry as string, { method: "PUT", body: bytes })).status).toBe(200);
  expect(filesUnder(join(hub.dataDir, "lfs", "objects"))).toEqual([join(oid.slice(0, 2), oid.slice(2, 4), oid)]);
  const committed = await commit(
    hub,
    REPO,
    ndjson([header(), { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid, size: bytes.length } }]),
  );
  expect(committed.status).toBe(200);
  const resolved = await hub.authed(`/${REPO}/resolve/main/w.bin`);
  expect(sha256(Buffer.from(await resolved.arrayBuffer()))).toBe(oid);
  base = await expectConsistent();
}, 90_000);

it("kill -9 while a big commit writes its objects: the branch stays at the old commit, the leftovers go at restart", async () => {
  const before = await treeFiles();
  const names = Array.from({ length: 1500 }, (_, i) => `many/file-${String(i).padStart(4, "0")}.txt`);
  const body = ndjson([header({ summary: "many files" }), ...names.map((name) => file(name, `content ${name}\n`))]);
  const pending = commit(hub, REPO, body).catch(() => undefined);
  // The batch of new blobs exists only before the tree, the commit and the ref are written.
  await until(() => inFlight().some((name) => name.startsWith("hubkit-blobs-")), "the commit's blob batch");
  await hub.current().kill9();
  await pending;
  expect(inFlight().length).toBeGreaterThan(0);

  // Restarted straight into the next test's mode (the checks below only read): one restart fewer.
  await hub.start({ HUBKIT_TEST_PAUSE: "commit-objects-written" });
  expect(inFlight()).toEqual([]);
  expect(await expectConsistent()).toBe(base);
  expect(await treeFiles()).toEqual(before);
}, 90_000);

it("kill -9 after the objects are written but before the ref moves: the branch and the index stay at the old commit", async () => {
  const paused = hub.current();
  const pending = commit(hub, REPO, ndjson([header(), file("b.txt", "never visible")])).catch(() => undefined);
  await paused.waitFor(/test pause: commit-objects-written/);
  await paused.kill9();
  await pending;

  await hub.start({ HUBKIT_TEST_PAUSE: "commit-ref-moved" });
  expect(await expectConsistent()).toBe(base);
  const missing = await hub.authed(`/${REPO}/resolve/main/b.txt`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("x-error-code")).toBe("EntryNotFound");
}, 90_000);

it("kill -9 between the ref update and the index update: the restart's reconciliation brings the index to the ref; stale git locks are cleared", async () => {
  const paused = hub.current();
  const pending = commit(hub, REPO, ndjson([header(), file("c.txt", "committed, not yet indexed")])).catch(
    () => undefined,
  );
  await paused.waitFor(/test pause: commit-ref-moved/);
  const moved = await headOnDisk(hub, REPO);
  expect(moved).not.toBe(base);
  // The window exists: git has the commit, the index does not yet.
  expect((await indexed()).sha).toBe(base);
  await paused.kill9();
  await pending;
  // What git processes killed with the server (a container stop) would leave: their lock files. Left in place,
  // refs/heads/main.lock would fail every later commit to main.
  const locks = ["refs/heads/main.lock", "packed-refs.lock", "config.lock"].map((name) =>
    join(gitDir(hub, REPO), name),
  );
  for (const lock of locks) writeFileSync(lock, `${moved}\n`);

  const restarted = await hub.start();
  for (const lock of locks) expect(existsSync(lock), lock).toBe(false);
  expect(restarted.output()).toMatch(/index reconciled with storage: 1 re-synced/);
  expect(await expectConsistent()).toBe(moved);
  expect((await indexed()).files).toContain("c.txt");
  expect(await (await hub.authed(`/${REPO}/resolve/main/c.txt`)).text()).toBe("committed, not yet indexed");
  expect((await commit(hub, REPO, ndjson([header(), file("d.txt", "after the crash")]))).status).toBe(200);
  expect(await expectConsistent()).not.toBe(moved);
}, 90_000);
