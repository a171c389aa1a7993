// Finding 13 of issue 17: commits no ref reaches are not served. A branch holding a secret is pushed, read by its
// commit id, then deleted with `git push --delete` (and another one force-pushed away): afterwards neither git
// (protocol v2 and v0 fetch by id) nor the API (resolve by full and short id, raw, tree, paths-info, commits,
// revision info) serves them to anyone, while commits that a ref still reaches stay readable by id.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { gitClientEnv, run, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let dir: string;
const REPO = "alice/reach";
const gitEnv = () => gitClientEnv(hub.work);
const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env: gitEnv(), timeoutMs: 60_000 });
const pushUrl = () => `${hub.url.replace("http://", `http://alice:${hub.writeToken}@`)}/${REPO}`;
const rev = async (...args: string[]) => (await git(dir, "rev-parse", ...args)).stdout.trim();

beforeAll(async () => {
  hub = await startTestHub("reach");
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "reach", organization: null }),
  });
  expect(created.status).toBe(200);
  dir = join(hub.work, "clone");
  expect((await git(hub.work, "clone", "-q", `${hub.url}/${REPO}`, dir)).code).toBe(0);
}, 60_000);
afterAll(() => hub?.close());

/** Every API read of `commit`, anonymous: the status of each. */
async function apiReads(commit: string): Promise<Record<string, number>> {
  const base = `${hub.url}/api/models/${REPO}`;
  const statuses: Record<string, number> = {};
  const read = async (name: string, url: string, init?: RequestInit) => {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    statuses[name] = response.status;
  };
  await read("resolve", `${hub.url}/${REPO}/resolve/${commit}/secret.txt`);
  await read("resolve-short", `${hub.url}/${REPO}/resolve/${commit.slice(0, 7)}/secret.txt`);
  await read("raw", `${hub.url}/${REPO}/raw/${commit}/secret.txt`);
  await read("tree", `${base}/tree/${commit}`);
  await read("commits", `${base}/commits/${commit}`);
  await read("revision", `${base}/revision/${commit}`);
  await read("paths-info", `${base}/paths-info/${commit}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ paths: ["secret.txt"] }),
  });
  return statuses;
}

async function fetchById(commit: string, version: 0 | 2): Promise<{ code: number; stderr: string }> {
  const target = join(hub.work, `fetch-${commit.slice(0, 8)}-v${version}-${Date.now()}`);
  mkdirSync(target);
  await git(target, "init", "-q");
  const result = await git(target, "-c", `protocol.version=${version}`, "fetch", "-q", `${hub.url}/${REPO}`, commit);
  return { code: result.code, stderr: result.stderr };
}

it("serves a deleted branch's commit to nobody, by git (v2 and v0) or by the API", async () => {
  await git(dir, "checkout", "-q", "-b", "secret");
  writeFileSync(join(dir, "secret.txt"), "the launch code is 0000\n");
  await git(dir, "add", "secret.txt");
  await git(dir, "commit", "-qm", "Oops, a secret");
  const secret = await rev("HEAD");
  expect((await git(dir, "push", "-q", pushUrl(), "secret")).code).toBe(0);
  // While the branch exists, its commit is readable by id (the checks below are not vacuous).
  expect(Object.values(await apiReads(secret)).every((status) => status === 200)).toBe(true);
  expect((await fetchById(secret, 2)).code).toBe(0);

  const deleted = await git(dir, "push", "-q", pushUrl(), "--delete", "secret");
  expect(deleted.code, deleted.stderr).toBe(0);
  const reads = await apiReads(secret);
  for (const [name, status] of Object.entries(reads)) expect(status, name).toBe(404);
  for (const version of [2, 0] as const) {
    const fetched = await fetchById(secret, version);
    expect(fetched.code, `protocol v${version}`).not.toBe(0);
    expect(fetched.stderr).toMatch(/not our ref|couldn't find remote ref|Server does not allow request/);
  }
}, 90_000);

it("serves a commit a force-push left behind to nobody; reachable commits stay readable by id", async () => {
  await git(dir, "checkout", "-q", "main");
  writeFileSync(join(dir, "kept.txt"), "kept\n");
  await git(dir, "add", "kept.txt");
  await git(dir, "commit", "-qm", "Kept");
  const kept = await rev("HEAD");
  writeFileSync(join(dir, "secret.txt"), "another secret\n");
  await git(dir, "add", "secret.txt");
  await git(dir, "commit", "-qm", "Another secret");
  const secret = await rev("HEAD");
  expect((await git(dir, "push", "-q", pushUrl(), "main")).code).toBe(0);
  expect((await fetch(`${hub.url}/${REPO}/resolve/${secret}/secret.txt`)).status).toBe(200);

  await git(dir, "reset", "-q", "--hard", kept);
  const forced = await git(dir, "push", "-q", "--force", pushUrl(), "main");
  expect(forced.code, forced.stderr).toBe(0);
  for (const [name, status] of Object.entries(await apiReads(secret))) expect(status, name).toBe(404);
  expect((await fetchById(secret, 2)).code).not.toBe(0);

  // The commit main still reaches (its parent, by full and short id) is served, over the API and git.
  const parent = await rev("HEAD~1");
  expect((await fetch(`${hub.url}/api/models/${REPO}/tree/${parent}`)).status).toBe(200);
  expect((await fetch(`${hub.url}/api/models/${REPO}/tree/${parent.slice(0, 8)}`)).status).toBe(200);
  const resolved = await fetch(`${hub.url}/${REPO}/resolve/${kept}/kept.txt`);
  expect(await resolved.text()).toBe("kept\n");
  expect((await fetchById(parent, 0)).code).toBe(0);
  expect((await fetchById(kept, 2)).code).toBe(0);
}, 90_000);

/** A receive-pack request made by hand: create `ref` at `oid` and send no objects at all (an empty pack). */
async function pointRefWithoutSending(ref: string, oid: string): Promise<string> {
  const command = `${"0".repeat(40)} ${oid} ${ref}\0report-status side-band-64k\n`;
  const line = Buffer.concat([Buffer.from((command.length + 4).toString(16).padStart(4, "0")), Buffer.from(command)]);
  const header = Buffer.concat([Buffer.from("PACK"), Buffer.from([0, 0, 0, 2, 0, 0, 0, 0])]);
  const pack = Buffer.concat([header, createHash("sha1").update(header).digest()]);
  const response = await fetch(`${hub.url}/${REPO}/git-receive-pack`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`alice:${hub.writeToken}`).toString("base64")}`,
      "Content-Type": "application/x-git-receive-pack-request",
    },
    body: Buffer.concat([line, Buffer.from("0000"), pack]),
  });
  return Buffer.from(await response.arrayBuffer()).toString("latin1");
}

it("refuses a push that points a ref at an unreachable commit without sending it (no resurrection by id)", async () => {
  const secret = await rev("secret");
  expect((await fetch(`${hub.url}/${REPO}/resolve/${secret}/secret.txt`)).status).toBe(404);
  const answer = await pointRefWithoutSending("refs/heads/back", secret);
  expect(answer).toContain("ng refs/heads/back");
  expect(answer).toContain("which it did not send and no ref reaches");
  const refs = (await (await fetch(`${hub.url}/api/models/${REPO}/refs`)).json()) as { branches: { name: string }[] };
  expect(refs.branches.map((branch) => branch.name)).not.toContain("back");
  expect((await fetch(`${hub.url}/${REPO}/resolve/${secret}/secret.txt`)).status).toBe(404);
  // The same request for a commit a ref reaches is fine (nothing to send): the refusal is about reachability.
  expect(await pointRefWithoutSending("refs/heads/again", await rev("main"))).toContain("ok refs/heads/again");
}, 60_000);

it("costs a read by commit id little more than a read by branch (cached answer per ref tips)", async () => {
  const head = await rev("HEAD");
  const perRead = async (revision: string) => {
    const url = `${hub.url}/api/models/${REPO}/tree/${revision}`;
    expect((await fetch(url)).status).toBe(200);
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect((await fetch(url)).status).toBe(200);
    return (performance.now() - started) / 20;
  };
  const byBranch = await perRead("main");
  const byId = await perRead(head.slice(0, 10));
  console.log(`[reachability] tree by branch ${byBranch.toFixed(1)} ms, by short commit id ${byId.toFixed(1)} ms`);
  expect(byId).toBeLessThan(byBranch + 100);
}, 60_000);
