// Parallel clients against the real server: commits racing on one branch with the same parentCommit (one wins, the
// rest get the hub's 412, the tree holds the winner's change only) and without one (no lost update), and a tree of
// more than 1,000 entries paged with an absolute Link that Python's list_repo_files follows to the end.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PYTHON_CLIENTS, pythonFor } from "./auth-harness.js";
import { commit, createRepo, faultHub, file, fsckAll, gitDir, header, headOnDisk, ndjson } from "./faults-harness.js";
import { run } from "./hub-harness.js";

const hub = faultHub("races");
const REPO = "alice/race";
const RACERS = 8;
const STALE = "The branch was updated since you opened this page. Please refresh and try again.";

async function treePage(url: string): Promise<{ entries: { type: string; path: string }[]; next?: string }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get("link") ?? "")?.[1];
  return { entries: (await response.json()) as { type: string; path: string }[], ...(next ? { next } : {}) };
}

async function files(): Promise<string[]> {
  const found: string[] = [];
  let next: string | undefined = `${hub.current().url}/api/models/${REPO}/tree/main?recursive=true`;
  for (let page = 0; next !== undefined && page < 10; page++) {
    const answer = await treePage(next);
    found.push(...answer.entries.filter((entry) => entry.type === "file").map((entry) => entry.path));
    next = answer.next;
  }
  return found.sort();
}

async function indexedSha(): Promise<string> {
  return ((await (await hub.authed(`/api/models/${REPO}`)).json()) as { sha: string }).sha;
}

beforeAll(async () => {
  await hub.start();
  await createRepo(hub, "race");
  expect((await commit(hub, REPO, ndjson([header(), file("base.txt", "base")]))).status).toBe(200);
}, 90_000);

describe("concurrent commits on one branch", () => {
  it("with the same parentCommit: exactly one 200, the rest 412 with the hub's message; the winner's change only", async () => {
    const parent = await headOnDisk(hub, REPO);
    const before = await files();
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        commit(hub, REPO, ndjson([header({ parentCommit: parent }), file(`racer-${i}.txt`, `racer ${i}`)])),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(RACERS - 1);
    const winner = statuses.indexOf(200);
    for (const [i, response] of responses.entries()) {
      const body = (await response.json()) as { error?: string; commitOid?: string };
      if (i === winner) expect(body.commitOid).toBe(await headOnDisk(hub, REPO));
      else expect(body.error).toBe(STALE);
    }
    expect(await files()).toEqual([...before, `racer-${winner}.txt`].sort());
    expect(await indexedSha()).toBe(await headOnDisk(hub, REPO));
  }, 60_000);

  it("without parentCommit: every commit lands, none is lost", async () => {
    const before = await files();
    const count = async () =>
      Number((await run("git", ["--git-dir", gitDir(hub, REPO), "rev-list", "--count", "main"])).stdout.trim());
    const commitsBefore = await count();
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, i) => commit(hub, REPO, ndjson([header(), file(`free-${i}.txt`, `${i}`)]))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(RACERS).fill(200));
    const added = Array.from({ length: RACERS }, (_, i) => `free-${i}.txt`);
    expect(await files()).toEqual([...before, ...added].sort());
    expect(await count()).toBe(commitsBefore + RACERS);
    expect(await indexedSha()).toBe(await headOnDisk(hub, REPO));
    expect(await fsckAll(hub.dataDir)).toEqual([]);
  }, 60_000);
});

describe("a tree of more than 1,000 entries", () => {
  const MANY = 1100;
  const names = Array.from({ length: MANY }, (_, i) => `pages/f-${String(i).padStart(4, "0")}.txt`);

  beforeAll(async () => {
    const body = ndjson([header({ summary: "many" }), ...names.map((name) => file(name, name))]);
    expect((await commit(hub, REPO, body)).status).toBe(200);
  }, 60_000);

  it("pages with an absolute Link until every entry is listed once", async () => {
    const first = await treePage(`${hub.current().url}/api/models/${REPO}/tree/main?recursive=true`);
    expect(first.entries).toHaveLength(1000);
    expect(first.next).toMatch(
      new RegExp(`^${hub.current().url}/api/models/${REPO}/tree/main\\?(.*&)?cursor=1000(&|$)`),
    );
    const second = await treePage(first.next as string);
    expect(second.next).toBeUndefined();
    const all = [...first.entries, ...second.entries].map((entry) => entry.path);
    expect(new Set(all).size).toBe(all.length);
    const listed = await files();
    for (const name of names) expect(listed).toContain(name);
    expect(all.filter((path) => path.startsWith("pages/f-"))).toHaveLength(MANY);
  }, 60_000);

  for (const version of PYTHON_CLIENTS)
    it(`huggingface_hub ${version}: list_repo_files returns every file`, async () => {
      const code = `import json\nfrom huggingface_hub import list_repo_files\nprint(json.dumps(list_repo_files("${REPO}")))`;
      const result = await run(await pythonFor(version), ["-c", code], {
        env: {
          HF_ENDPOINT: hub.current().url,
          HF_HOME: join(hub.work, `hf-home-${version}`),
          HF_HUB_DISABLE_TELEMETRY: "1",
          HF_HUB_DISABLE_XET: "1",
        },
      });
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as string[]).sort()).toEqual(await files());
    }, 60_000);
});
