// Finding 11 of issue 17: git push obeys the commit API's rules. The pre-receive hook asks the server, which checks
// every new commit of every pushed ref: paths (`..\..\evil.txt`, a newline, an RTL override: refused with the
// API's own message and never listed), the message size (the API's limit, both sides of it, and a 20 MB message),
// the regular-file size, ref names the API can address, the default branch's deletion, submodules, and a cap on new
// commits per push (refused beyond it, never skipped). Also: the cost of the hook per push.
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_MESSAGE_BYTES } from "../src/repos/commit-message.js";
import { MAX_PUSH_COMMITS } from "../src/repos/push-rules.js";
import { run, startTestHub, type TestHub } from "./hub-harness.js";
import { alicePushUrl, createAliceRepo, hubGit } from "./push-repo.js";
import { RawRepo } from "./raw-git.js";

let hub: TestHub;
let scratch: string;
let raw: RawRepo;
let main: string;
const REPO = "alice/pushrules";
const git = (cwd: string, ...args: string[]) => hubGit(hub, 120_000, cwd, ...args);
const pushUrl = () => alicePushUrl(hub, REPO);
const push = (...refspecs: string[]) => git(scratch, "push", "--porcelain", pushUrl(), ...refspecs);
const api = (path: string, init: RequestInit = {}) =>
  fetch(`${hub.url}/api/models/${REPO}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json", ...init.headers },
  });

async function commitByApi(summary: string, description?: string): Promise<Response> {
  const body = [
    { key: "header", value: { summary, ...(description !== undefined ? { description } : {}) } },
    { key: "file", value: { path: "note.txt", content: Buffer.from(summary.slice(0, 20)).toString("base64") } },
  ];
  return api("/commit/main", { method: "POST", body: body.map((line) => JSON.stringify(line)).join("\n") });
}

async function listed(branch: string): Promise<string[]> {
  const tree = await api(`/tree/${branch}?recursive=1`);
  return tree.status === 200 ? ((await tree.json()) as { path: string }[]).map((entry) => entry.path) : [];
}

beforeAll(async () => {
  hub = await startTestHub("pushrules");
  expect(await createAliceRepo(hub, "pushrules")).toBe(200);
  scratch = join(hub.work, "scratch");
  expect((await git(hub.work, "clone", "-q", `${hub.url}/${REPO}`, scratch)).code).toBe(0);
  raw = new RawRepo(join(scratch, ".git"));
  main = (await git(scratch, "rev-parse", "HEAD")).stdout.trim();
}, 60_000);
afterAll(() => hub?.close());

it("refuses the paths the commit API refuses, with the API's message, and never lists them", async () => {
  for (const path of ["..\\..\\evil.txt", "line\nbreak.txt", "invoice\u202etxt.exe", "a\\b.txt", ".gitmodules"]) {
    const byApi = await api("/commit/main", {
      method: "POST",
      body: [
        JSON.stringify({ key: "header", value: { summary: "s" } }),
        JSON.stringify({ key: "file", value: { path, content: "eA==" } }),
      ].join("\n"),
    });
    expect(byApi.status, JSON.stringify(path)).toBe(422);
    const message = ((await byApi.json()) as { error: string }).error;
    const commit = raw.commit(raw.treeWithPath(path, Buffer.from("x")), "bad path\n", [main]);
    const pushed = await push(`${commit}:refs/heads/bad`);
    expect(pushed.code, JSON.stringify(path)).not.toBe(0);
    // git prints the hook's lines after `remote: `, with control characters as they are (JSON-escaped here).
    expect(pushed.stderr).toContain(message);
    expect(await listed("bad")).toEqual([]);
    expect(await listed("main")).not.toContain(path);
  }
}, 120_000);

it("checks every new commit, not only the tips: a bad path added and removed again is refused", async () => {
  const bad = raw.commit(raw.treeWithPath("..\\..\\evil.txt", Buffer.from("x")), "add\n", [main]);
  const clean = raw.commit(raw.treeWithPath("fine.txt", Buffer.from("x")), "remove\n", [bad]);
  const pushed = await push(`${clean}:refs/heads/sneaky`);
  expect(pushed.code).not.toBe(0);
  expect(pushed.stderr).toContain("evil.txt");
  // A merge brings its second parent's commits: they are new, so they are checked too.
  const merge = raw.commit(raw.treeWithPath("fine.txt", Buffer.from("x")), "merge\n", [main, clean]);
  expect((await push(`${merge}:refs/heads/sneaky`)).code).not.toBe(0);
}, 60_000);

it("holds push and API to the same message limit: at it accepted, one byte over and 20 MB refused", async () => {
  const title = "t".repeat(100);
  // The API stores `title\n\ndescription\n`: this description makes exactly MAX_MESSAGE_BYTES.
  const fits = "d".repeat(MAX_MESSAGE_BYTES - title.length - 3);
  expect((await commitByApi(title, fits)).status).toBe(200);
  const over = await commitByApi(title, `${fits}d`);
  expect(over.status).toBe(422);
  expect(((await over.json()) as { error: string }).error).toBe(
    `The commit message is ${MAX_MESSAGE_BYTES + 1} bytes long; the limit is ${MAX_MESSAGE_BYTES} bytes`,
  );
  expect((await commitByApi("x".repeat(20 * 1024 * 1024))).status).toBe(422);

  const head = (await (await api("/revision/main")).json()) as { sha: string };
  await git(scratch, "fetch", "-q", "origin", "main");
  const tree = raw.treeWithPath("m.txt", Buffer.from("m"));
  const atLimit = raw.commit(tree, `${title}\n\n${fits}\n`, [head.sha]);
  const pushedAtLimit = await push(`${atLimit}:refs/heads/messages`);
  expect(pushedAtLimit.code, pushedAtLimit.stderr).toBe(0);
  const oneOver = raw.commit(tree, `${title}\n\n${fits}d\n`, [atLimit]);
  const refused = await push(`${oneOver}:refs/heads/messages`);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`The commit message is ${MAX_MESSAGE_BYTES + 1} bytes long`);
  const huge = raw.commit(tree, "h".repeat(20 * 1024 * 1024), [atLimit]);
  const started = performance.now();
  const hugePush = await push(`${huge}:refs/heads/messages`);
  expect(hugePush.code).not.toBe(0);
  expect(hugePush.stderr).toContain("Your push was rejected");
  console.log(`[push-rules] 20 MB message refused in ${(performance.now() - started).toFixed(0)} ms`);
  // The listing holds only the commits that obey the limit, and stays quick.
  const listedAt = performance.now();
  const commits = await api("/commits/messages");
  expect(commits.status).toBe(200);
  const ids = ((await commits.json()) as { id: string }[]).map((commit) => commit.id);
  expect(ids[0]).toBe(atLimit);
  expect(ids).not.toContain(huge);
  expect(performance.now() - listedAt).toBeLessThan(2000);
}, 120_000);

it("holds tag messages to the same limit over the API and git push", async () => {
  const over = "m".repeat(MAX_MESSAGE_BYTES);
  const byApi = await api("/tag/main", { method: "POST", body: JSON.stringify({ tag: "long", message: over }) });
  // Refused by the tag route's 64 KiB body cap before the message rule is even reached.
  expect([413, 422]).toContain(byApi.status);
  expect(
    (await api("/tag/main", { method: "POST", body: JSON.stringify({ tag: "short", message: "ok" }) })).status,
  ).toBe(200);
  const person = "Fuzz <fuzz@example.com> 1700000000 +0000";
  const tag = (message: string) =>
    raw.write("tag", Buffer.from(`object ${main}\ntype commit\ntag t\ntagger ${person}\n\n${message}\n`));
  const refused = await push(`${tag(over)}:refs/tags/long`);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`The commit message is ${MAX_MESSAGE_BYTES + 1} bytes long`);
  expect((await push(`${tag("fine")}:refs/tags/fine`)).code).toBe(0);
}, 60_000);

it("pushes only refs the API can address, never deletes the default branch, takes no submodules", async () => {
  const commit = raw.commit(raw.treeWithPath("ok.txt", Buffer.from("ok")), "ok\n", [main]);
  for (const ref of ["refs/heads/caf\u00e9", "refs/pull/1/head", "refs/heads/refs/x", "refs/meta/config"]) {
    const pushed = await push(`${commit}:${ref}`);
    expect(pushed.code, ref).not.toBe(0);
    expect(pushed.stderr).toContain("invalid ref");
  }
  const deleted = await push(":refs/heads/main");
  expect(deleted.code).not.toBe(0);
  expect(deleted.stderr).toContain("cannot delete refs/heads/main");
  expect((await api("/revision/main")).status).toBe(200);
  const submodule = raw.commit(raw.treeWithPath("vendor/lib", Buffer.from(main), "160000"), "sub\n", [main]);
  const refused = await push(`${submodule}:refs/heads/sub`);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain("submodules are not supported");
  // Tags of commits and ordinary branches still go through.
  expect((await push(`${commit}:refs/heads/feature/ok`, `${commit}:refs/tags/v1.0`)).code).toBe(0);
}, 60_000);

it(`refuses a push of more than ${MAX_PUSH_COMMITS} new commits instead of checking only some`, async () => {
  const tree = raw.treeWithPath("n.txt", Buffer.from("n"));
  let tip = main;
  for (let i = 0; i <= MAX_PUSH_COMMITS; i++) tip = raw.commit(tree, `n ${i}\n`, [tip], 1_700_000_000 + i);
  const pushed = await push(`${tip}:refs/heads/long`);
  expect(pushed.code).not.toBe(0);
  expect(pushed.stderr).toContain(`it adds more than ${MAX_PUSH_COMMITS} commits`);
  expect(await listed("long")).toEqual([]);
}, 180_000);

it("costs a push little: the hook's round trip to the server (timing)", async () => {
  const times: number[] = [];
  let tip = main;
  for (let i = 0; i < 5; i++) {
    tip = raw.commit(raw.treeWithPath(`t${i}.txt`, Buffer.from(`${i}`)), `t ${i}\n`, [tip]);
    const started = performance.now();
    const pushed = await push(`${tip}:refs/heads/timing`);
    times.push(performance.now() - started);
    expect(pushed.code, pushed.stderr).toBe(0);
  }
  const node = performance.now();
  await run(process.execPath, ["-e", "require('http')"]);
  console.log(
    `[push-rules] push of one commit: ${times.map((t) => t.toFixed(0)).join(", ")} ms; node start alone ${(performance.now() - node).toFixed(0)} ms`,
  );
}, 60_000);
