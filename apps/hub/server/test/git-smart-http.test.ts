// git and git-lfs against a real hub over smart HTTP: anonymous clone (`{repo}` and `{repo}.git`), push refused
// without credentials (401 + Basic challenge) and with a read token, push with a write token, LFS files pushed and
// cloned back through the batch API, the pre-receive limit on large regular files, and the index following a push.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { gitClientEnv, run, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const gitEnv = () => gitClientEnv(hub.work);
const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env: gitEnv(), timeoutMs: 60_000 });
const withToken = (token: string, path: string) => hub.url.replace("http://", `http://alice:${token}@`) + path;

beforeAll(async () => {
  hub = await startTestHub("git-http", { HUBKIT_MAX_REGULAR_FILE_BYTES: "200000" });
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "gitrepo", organization: null }),
  });
  expect(created.status).toBe(200);
  expect((await run("git", ["lfs", "install", "--skip-repo"], { env: gitEnv() })).code).toBe(0);
}, 60_000);
afterAll(() => hub?.close());

it("clones anonymously by {repo} and {repo}.git with the initial commit", async () => {
  for (const suffix of ["", ".git"]) {
    const dir = join(hub.work, `anon${suffix}`);
    const clone = await git(hub.work, "clone", "-q", `${hub.url}/alice/gitrepo${suffix}`, dir);
    expect(clone.stderr).toBe("");
    // The initial commit is the creator's, as on the hub (seeded repositories keep `system`: seed tests).
    expect((await git(dir, "log", "--format=%s %an")).stdout).toBe("initial commit alice\n");
    expect(readFileSync(join(dir, ".gitattributes")).length).toBe(1519);
  }
  const refs = await fetch(`${hub.url}/alice/gitrepo/info/refs?service=git-upload-pack`);
  expect(refs.headers.get("content-type")).toBe("application/x-git-upload-pack-advertisement");
  expect(refs.headers.get("cache-control")).toContain("no-cache");
  const missing = await fetch(`${hub.url}/alice/nope/info/refs?service=git-upload-pack`);
  expect(missing.status).toBe(401);
  expect(missing.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
}, 60_000);

it("refuses pushes without a token (401 challenge) and with a read token; accepts a write token", async () => {
  const dir = join(hub.work, "anon");
  writeFileSync(join(dir, "hello.txt"), "hello from git\n");
  await git(dir, "add", "hello.txt");
  await git(dir, "commit", "-qm", "Add hello");
  const anonymous = await fetch(`${hub.url}/alice/gitrepo/info/refs?service=git-receive-pack`);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
  expect((await git(dir, "push", "-q", "origin", "main")).code).not.toBe(0);
  const read = await git(dir, "push", "-q", withToken(hub.readToken, "/alice/gitrepo"), "main");
  expect(read.code).not.toBe(0);
  const pushed = await git(dir, "push", "-q", withToken(hub.writeToken, "/alice/gitrepo"), "main");
  expect(pushed.stderr).toBe("");
  expect(pushed.code).toBe(0);
  const head = (await git(dir, "rev-parse", "HEAD")).stdout.trim();
  expect(await hub.ctx.storage.resolveRevision({ type: "model", id: "alice/gitrepo" }, "main")).toBe(head);
  // The index follows the push.
  await expect
    .poll(async () => ((await (await fetch(`${hub.url}/api/models/alice/gitrepo`)).json()) as { sha?: string }).sha)
    .toBe(head);
}, 60_000);

it("pushes LFS files through the batch API and clones them back; refuses large regular files", async () => {
  const dir = join(hub.work, "anon");
  const weights = randomBytes(300_000);
  writeFileSync(join(dir, "model.safetensors"), weights);
  await git(dir, "add", "model.safetensors");
  await git(dir, "commit", "-qm", "Add weights");
  const pushed = await git(dir, "push", "-q", withToken(hub.writeToken, "/alice/gitrepo"), "main");
  expect(pushed.code).toBe(0);
  const tree = (await (await fetch(`${hub.url}/api/models/alice/gitrepo/tree/main`)).json()) as {
    path: string;
    lfs?: { size: number };
  }[];
  expect(tree.find((entry) => entry.path === "model.safetensors")?.lfs?.size).toBe(300_000);
  const resolved = await fetch(`${hub.url}/alice/gitrepo/resolve/main/model.safetensors`);
  expect(Buffer.from(await resolved.arrayBuffer()).equals(weights)).toBe(true);

  const copy = join(hub.work, "copy");
  expect((await git(hub.work, "clone", "-q", `${hub.url}/alice/gitrepo`, copy)).code).toBe(0);
  expect(readFileSync(join(copy, "model.safetensors")).equals(weights)).toBe(true);

  writeFileSync(join(dir, "big.txt"), "x".repeat(250_000));
  await git(dir, "add", "big.txt");
  await git(dir, "commit", "-qm", "Too big");
  const refused = await git(dir, "push", "-q", withToken(hub.writeToken, "/alice/gitrepo"), "main");
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain("Your push was rejected because it contains files larger than 10 MiB");
  expect(
    await hub.ctx.storage.stat(
      { type: "model", id: "alice/gitrepo" },
      (await hub.ctx.storage.resolveRevision({ type: "model", id: "alice/gitrepo" }, "main")) as string,
      "big.txt",
    ),
  ).toBeUndefined();
}, 90_000);
