// Issue 21: kill -9 in the middle of a conversion (its Parquet files written, its ref not yet): after the restart
// there is no partial ref, the job left "running" is queued again and finishes on its own (no request needed), and
// the ref then holds the whole conversion.
import { join } from "node:path";
import { expect, it } from "vitest";
import { VIEWER } from "./dataset-viewer-harness.js";
import { faultHub, file, header, ndjson } from "./faults-harness.js";
import { run } from "./run-command.js";

const hub = faultHub("dataset-viewer-crash");
const REPO = "alice/crashy";

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

it("kill -9 after the Parquet files are written, before the ref: no ref; the restarted server resumes the job", async () => {
  const paused = await hub.start({ HUBKIT_TEST_PAUSE: "dataset-converted" });
  const created = await hub.authed("/api/repos/create", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "crashy", type: "dataset", organization: null }),
  });
  expect(created.status).toBe(200);
  const csv = `n,word\n${Array.from({ length: 500 }, (_, i) => `${i},w${i}`).join("\n")}\n`;
  const commit = await hub.authed(`/api/datasets/${REPO}/commit/main`, {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson" },
    body: ndjson([header({ summary: "data" }), file("train.csv", csv)]),
  });
  expect(commit.status).toBe(200);
  await paused.waitFor(/test pause: dataset-converted/);
  const pending = await hub.authed(`${VIEWER}/is-valid?dataset=${REPO}`);
  expect(((await pending.json()) as { viewer: boolean }).viewer).toBe(false);
  await paused.kill9();
  // On disk, between the two runs: the branch moved, no convert ref exists, git is consistent.
  const gitDir = join(hub.dataDir, "repos", "datasets", "alice", "crashy.git");
  const refs = await run("git", ["--git-dir", gitDir, "for-each-ref", "--format=%(refname)"]);
  expect(refs.stdout.trim().split("\n")).toEqual(["refs/heads/main"]);
  expect((await run("git", ["--git-dir", gitDir, "fsck", "--strict"])).code).toBe(0);

  await hub.start();
  // Before the resumed job finishes the ref is absent (never half-written); after, it is whole.
  const refStatus = async () => (await hub.authed(`/api/datasets/${REPO}/revision/refs%2Fconvert%2Fparquet`)).status;
  await until(async () => (await refStatus()) === 200, "the resumed conversion's ref");
  await until(async () => {
    const answer = await hub.authed(`${VIEWER}/is-valid?dataset=${REPO}`);
    return ((await answer.json()) as { viewer: boolean }).viewer;
  }, "is-valid");
  const rows = (await (
    await hub.authed(`${VIEWER}/rows?dataset=${REPO}&config=default&split=train&offset=499&length=1`)
  ).json()) as { num_rows_total: number; rows: { row: unknown }[] };
  expect(rows.num_rows_total).toBe(500);
  expect(rows.rows[0]?.row).toEqual({ n: 499, word: "w499" });
  const tree = (await (
    await hub.authed(`/api/datasets/${REPO}/tree/refs%2Fconvert%2Fparquet?recursive=true`)
  ).json()) as { path: string }[];
  expect(tree.map((entry) => entry.path).sort()).toEqual([
    ".gitattributes",
    "README.md",
    "default",
    "default/train",
    "default/train/0000.parquet",
  ]);
}, 180_000);
