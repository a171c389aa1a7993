// Findings 10 and 11 of issue 17: one set of path rules for the commit API and git push. Generated paths (every
// `.git` alias git's verify_path knows — NTFS trailing dots and spaces, `git~1`, alternate streams, HFS-ignorable
// code points, case — control and bidirectional characters, `..` forms, backslashes, long names, unicode
// normalisation variants, and valid unusual names that must be accepted) go through both the commit API and a real
// `git push`: both must accept or both refuse, and no refused name may ever show in `/tree`.
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pathProblem } from "../src/repos/repo-paths.js";
import { run, startTestHub, type TestHub } from "./hub-harness.js";
import { alicePushUrl, createAliceRepo, hubGit } from "./push-repo.js";
import { RawRepo } from "./raw-git.js";

let hub: TestHub;
let scratch: string;
let raw: RawRepo;
const REPO = "alice/paths";
const git = (cwd: string, ...args: string[]) => hubGit(hub, 60_000, cwd, ...args);
const pushUrl = () => alicePushUrl(hub, REPO);
/**
 * What a refused push looks like: the server's fsck of the objects or our pre-receive hook; or, for an empty name
 * (`a//b`, `/x`, `x/`), git itself refusing to send the tree: such a path cannot arrive by push at all.
 */
const REFUSED =
  /pre-receive hook declined|remote rejected|fsck|unpack error|Your push was rejected|empty filename in tree entry/;

beforeAll(async () => {
  hub = await startTestHub("paths");
  expect(await createAliceRepo(hub, "paths")).toBe(200);
  scratch = join(hub.work, "scratch");
  expect((await run("git", ["init", "-q", scratch])).code).toBe(0);
  raw = new RawRepo(join(scratch, ".git"));
}, 60_000);
afterAll(() => hub?.close());

/** A deterministic generator (mulberry32), so a failing path is reproducible. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HFS_IGNORABLE = [
  ...[0x200c, 0x200d, 0x200e, 0x200f],
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
  ...[0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f],
  0xfeff,
].map((code) => String.fromCodePoint(code));

function generatedPaths(): string[] {
  const aliases = [
    ".git",
    ".GIT",
    ".Git",
    ".git.",
    ".git..",
    ".git ",
    ".git . .",
    "git~1",
    "GIT~1",
    "Git~1.",
    ".git::$INDEX_ALLOCATION",
    ".git:stream",
    ...HFS_IGNORABLE.map((ch, i) => [`.git${ch}`, `.g${ch}it`, `${ch}.git`, `.gi${ch}t`][i % 4] as string),
    ".gitmodules",
    ".GITMODULES",
    "gitmod~1",
    "gi7eba~1",
  ];
  const nested = aliases.flatMap((alias, i) =>
    i % 5 === 0 ? [`sub/${alias}/config`, `${alias}/hooks/pre-commit`] : [],
  );
  const hostile = [
    "..",
    ".",
    "../escape.txt",
    "a/../b.txt",
    "a/./b.txt",
    "..\\..\\evil.txt",
    "a\\..\\b.txt",
    "a\\b.txt",
    "\\x",
    "/abs.txt",
    "a//b.txt",
    "trailing/",
    "C:/Windows/x",
    "line\nbreak.txt",
    "tab\there.txt",
    "bell\u0007.txt",
    "del\u007f.txt",
    "c1\u0085.txt",
    "\u001b[31mred.txt",
    "txt.\u202eexe.md",
    "iso\u2066late.txt",
    "pop\u2069.txt",
    "embed\u202a.txt",
    "x".repeat(256),
    `${"d".repeat(200)}/`.repeat(21) + "f.txt",
  ];
  const valid = [
    "a b/c d.txt",
    "caf\u00e9.txt",
    "cafe\u0301.txt",
    "\u65e5\u672c\u8a9e/\u30e2\u30c7\u30eb.bin",
    "\u{1f600}.txt",
    ".github/workflows/ci.yml",
    ".gitignore",
    ".gitkeep",
    "git~2",
    "GIT~4",
    "git",
    ".git-blame-ignore-revs",
    ".gitx/config",
    "foo.git",
    "a..b.txt",
    "...",
    ".hidden/..x",
    "zw\u200cnj.txt",
    ".g\u200bit",
    "x".repeat(255),
    `${"d".repeat(200)}/`.repeat(19) + "f.txt",
    "~1234567x",
    "rtl\u05d0\u05d1.txt",
  ];
  // Random combinations of the fragments that matter, for what the lists above do not think of.
  const fragments = [
    ".git",
    "git~1",
    ".",
    "..",
    "\\",
    "/",
    " ",
    ".",
    "\u200c",
    "\u202e",
    "a",
    "\u00e9",
    "~",
    ":",
    "\t",
  ];
  const next = random(17);
  const fuzzed = new Set<string>();
  while (fuzzed.size < 16) {
    const count = 1 + Math.floor(next() * 4);
    let path = "";
    for (let i = 0; i < count; i++) path += fragments[Math.floor(next() * fragments.length)];
    fuzzed.add(path);
  }
  return [...new Set([...aliases, ...nested, ...hostile, ...valid, ...fuzzed])];
}

async function apiAccepts(path: string, index: number): Promise<boolean> {
  const auth = { Authorization: `Bearer ${hub.writeToken}` };
  const body = [
    { key: "header", value: { summary: `path ${index}` } },
    { key: "file", value: { path, content: Buffer.from(`${index}\n`).toString("base64"), encoding: "base64" } },
  ]
    .map((line) => JSON.stringify(line))
    .join("\n");
  const response = await fetch(`${hub.url}/api/models/${REPO}/commit/api-${index}`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/x-ndjson" },
    body,
  });
  const text = await response.text();
  if (response.status === 422) expect(JSON.parse(text).error).toMatch(/^Invalid path /);
  else expect(response.status, `${JSON.stringify(path)}: ${text}`).toBe(200);
  return response.status === 200;
}

async function push(refspecs: readonly string[]): Promise<{ ok: boolean; stderr: string }> {
  const result = await git(scratch, "push", "--porcelain", pushUrl(), ...refspecs);
  if (result.code !== 0) expect(result.stderr + result.stdout, "a refusal, not a failure").toMatch(REFUSED);
  return { ok: result.code === 0, stderr: result.stderr };
}

async function inParallel<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

it("the commit API and git push agree on every generated path; refused names never reach /tree", async () => {
  const started = performance.now();
  const paths = generatedPaths();
  const api = new Map<number, boolean>();
  // One branch per path for the API's commits (a path may be another's folder), all made by one push.
  expect((await git(scratch, "fetch", "-q", `${hub.url}/${REPO}`, "main")).code).toBe(0);
  const branches = await push(paths.map((_, index) => `FETCH_HEAD:refs/heads/api-${index}`));
  expect(branches.ok, branches.stderr).toBe(true);
  await inParallel([...paths.keys()], 3, async (index) => {
    api.set(index, await apiAccepts(paths[index] as string, index));
  });
  const apiDone = performance.now();

  const commits = paths.map((path, index) =>
    raw.commit(raw.treeWithPath(path, Buffer.from(`${index}\n`)), `path ${index}\n`),
  );
  const refspec = (index: number) => `${commits[index]}:refs/heads/push-${index}`;
  const accepted = paths.flatMap((_, index) => (api.get(index) ? [index] : []));
  const refused = paths.flatMap((_, index) => (api.get(index) ? [] : [index]));
  const disagreements: string[] = [];
  // The API's accepted paths in one push; only if that fails, one push each to name the culprits.
  if (!(await push(accepted.map(refspec))).ok)
    for (const index of accepted)
      if (!(await push([refspec(index)])).ok) disagreements.push(`push refuses ${JSON.stringify(paths[index])}`);
  // Each refused path in a push of its own, so each refusal is its own.
  await inParallel(refused, 4, async (index) => {
    if ((await push([refspec(index)])).ok) disagreements.push(`push accepts ${JSON.stringify(paths[index])}`);
  });
  expect(disagreements).toEqual([]);
  expect(accepted.length).toBeGreaterThan(20);
  expect(refused.length).toBeGreaterThan(50);
  console.log(
    `[paths] ${paths.length} paths (${accepted.length} accepted, ${refused.length} refused): API ${((apiDone - started) / 1000).toFixed(1)} s, push ${((performance.now() - apiDone) / 1000).toFixed(1)} s`,
  );

  // Every branch's tree holds only valid paths, and every accepted path is there exactly as sent.
  const refs = (await (await fetch(`${hub.url}/api/models/${REPO}/refs`)).json()) as { branches: { name: string }[] };
  const listed = new Set<string>();
  for (const { name } of refs.branches) {
    const tree = await fetch(`${hub.url}/api/models/${REPO}/tree/${encodeURIComponent(name)}?recursive=1`);
    expect(tree.status).toBe(200);
    for (const entry of (await tree.json()) as { path: string }[]) listed.add(entry.path);
  }
  for (const path of listed) expect(pathProblem(path), JSON.stringify(path)).toBeUndefined();
  for (const index of refused) expect(listed.has(paths[index] as string), JSON.stringify(paths[index])).toBe(false);
  for (const index of accepted) expect(listed.has(paths[index] as string), JSON.stringify(paths[index])).toBe(true);
  expect(refs.branches.filter(({ name }) => name.startsWith("push-")).length).toBe(accepted.length);
}, 120_000);
