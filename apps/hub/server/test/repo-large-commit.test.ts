// One API commit of 10 000 small files over HTTP (issue 11: it used to run past 300 s): it lands within a
// generous bound even on a loaded machine, and the recursive tree lists every file with its content's blob id.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestHub, type TestHub } from "./hub-harness.js";

const FILES = 10_000;
const BOUND_MS = 60_000;

let hub: TestHub;
const auth = () => ({ Authorization: `Bearer ${hub.writeToken}` });
const content = (i: number) => `file number ${i}\n`;
/** git's blob id of `text`, computed here so the tree is checked against git's rules, not against itself. */
const blobId = (text: string) =>
  createHash("sha1")
    .update(`blob ${Buffer.byteLength(text)}\0${text}`)
    .digest("hex");
const pathOf = (i: number) => `shard-${String(i % 40).padStart(2, "0")}/part-${i}.txt`;

beforeAll(async () => {
  hub = await startTestHub("repo-large-commit");
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth(), "Content-Type": "application/json" },
    body: JSON.stringify({ name: "many-files" }),
  });
  expect(created.status).toBe(200);
});
afterAll(async () => hub?.close());

it(`commits ${FILES} small files in one API commit within ${BOUND_MS / 1000} s and lists them all`, async () => {
  const lines = [JSON.stringify({ key: "header", value: { summary: "Add many files" } })];
  for (let i = 0; i < FILES; i++)
    lines.push(
      JSON.stringify({
        key: "file",
        value: { path: pathOf(i), content: Buffer.from(content(i)).toString("base64"), encoding: "base64" },
      }),
    );
  const started = performance.now();
  const response = await fetch(`${hub.url}/api/models/alice/many-files/commit/main`, {
    method: "POST",
    headers: { ...auth(), "Content-Type": "application/x-ndjson" },
    body: lines.join("\n"),
    signal: AbortSignal.timeout(BOUND_MS),
  });
  const elapsed = performance.now() - started;
  expect(response.status).toBe(200);
  const { commitOid } = (await response.json()) as { commitOid: string };
  expect(elapsed).toBeLessThan(BOUND_MS);
  console.log(`[repo-large-commit] ${FILES} files committed in ${Math.round(elapsed)} ms`);

  // Every page of the recursive tree, following the Link header (bounded: never more pages than could exist).
  const listed = new Map<string, string>();
  let next: string | undefined = `${hub.url}/api/models/alice/many-files/tree/${commitOid}?recursive=true`;
  for (let page = 0; next !== undefined && page < FILES; page++) {
    const tree: Response = await fetch(next, { headers: auth() });
    expect(tree.status).toBe(200);
    for (const entry of (await tree.json()) as { type: string; path: string; oid: string }[])
      if (entry.type === "file") listed.set(entry.path, entry.oid);
    next = /<([^>]+)>;\s*rel="next"/.exec(tree.headers.get("link") ?? "")?.[1];
  }
  expect(next).toBeUndefined();
  expect(listed.size).toBe(FILES + 1); // + .gitattributes
  for (const i of [0, 1, 39, 40, 4999, FILES - 1]) expect(listed.get(pathOf(i))).toBe(blobId(content(i)));
  let mismatches = 0;
  for (let i = 0; i < FILES; i++) if (listed.get(pathOf(i)) !== blobId(content(i))) mismatches++;
  expect(mismatches).toBe(0);

  // The index followed the commit (its derive ran over the 10 001 files without reading them one by one).
  const info = (await (await fetch(`${hub.url}/api/models/alice/many-files`, { headers: auth() })).json()) as {
    sha?: string;
  };
  expect(info.sha).toBe(commitOid);
}, 180_000);
