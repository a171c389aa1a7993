// Issue 21: hostile sources end in a bounded error state, never a half-written ref or an exhausted server: a Parquet
// decompression bomb (a few KB holding 400 MB) is refused from its metadata; a CSV with one 100 MB line stops at the
// line limit; a dataset over the byte limit is refused before conversion. The server keeps answering meanwhile.
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, expect, test } from "vitest";
import { commitFiles, createDataset, viewer, waitConverted } from "./dataset-viewer-harness.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const MAX_BYTES = 150_000_000;

beforeAll(async () => {
  // The viewer reads its limits from the environment (dataset-viewer/limits.ts).
  process.env.HUBKIT_DATASETS_MAX_BYTES = String(MAX_BYTES);
  hub = await startTestHub("dataset-viewer-limits");
}, 60_000);
afterAll(async () => {
  delete process.env.HUBKIT_DATASETS_MAX_BYTES;
  await hub?.close();
});

async function noConvertedRef(repo: string): Promise<void> {
  const ref = await fetch(`${hub.url}/api/datasets/${repo}/revision/refs%2Fconvert%2Fparquet`, {
    headers: { Authorization: `Bearer ${hub.readToken}` },
  });
  expect(ref.status).toBe(404);
}

test("a Parquet decompression bomb is refused from its metadata", async () => {
  const folder = join(hub.work, "bomb");
  mkdirSync(folder, { recursive: true });
  const path = join(folder, "bomb.parquet");
  const duck = await (await DuckDBInstance.create(":memory:")).connect();
  // 400 distinct 1 MB strings: 400 MB uncompressed, a few KB with zstd.
  await duck.run(
    `COPY (SELECT repeat('a', 1000000) || i::VARCHAR AS s FROM range(400) t(i)) TO '${path}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 100)`,
  );
  duck.closeSync();
  const bytes = await readFile(path);
  expect(bytes.length).toBeLessThan(1_000_000);
  await createDataset(hub, "bomb");
  await commitFiles(hub, "alice/bomb", [{ path: "train.parquet", content: bytes }]);
  const started = Date.now();
  const answer = await waitConverted(hub, "alice/bomb");
  expect([answer.status, answer.code]).toEqual([501, "DatasetTooBigError"]);
  expect(String(answer.body.error)).toMatch(/uncompressed/);
  expect(Date.now() - started).toBeLessThan(30_000);
  await noConvertedRef("alice/bomb");
  const valid = await viewer(hub, "is-valid", { dataset: "alice/bomb" });
  expect(valid.body).toEqual({ preview: false, viewer: false, search: false, filter: false, statistics: false });
}, 120_000);

test("a CSV with a 100 MB line ends in a malformed-file error", async () => {
  const line = Buffer.alloc(100 * 1024 * 1024, "x");
  const content = Buffer.concat([Buffer.from("a,b\n1,2\n"), line, Buffer.from(",3\n")]);
  await createDataset(hub, "long-line");
  await commitFiles(hub, "alice/long-line", [{ path: "train.csv", content }]);
  const answer = await waitConverted(hub, "alice/long-line", 120_000);
  expect([answer.status, answer.code]).toEqual([501, "MalformedFileError"]);
  expect(String(answer.body.error)).toMatch(/line/i);
  await noConvertedRef("alice/long-line");
  // Every route answers the same error state.
  const rows = await viewer(hub, "rows", { dataset: "alice/long-line", config: "default", split: "train" });
  expect([rows.status, rows.code]).toEqual([501, "MalformedFileError"]);
}, 240_000);

test("a dataset over the byte limit is refused before conversion", async () => {
  await createDataset(hub, "too-big");
  const row = Buffer.from(`${"y".repeat(999)}\n`);
  const content = Buffer.concat([Buffer.from("text\n"), ...Array.from({ length: 160_000 }, () => row)]);
  await commitFiles(hub, "alice/too-big", [{ path: "train.csv", content }]);
  const answer = await waitConverted(hub, "alice/too-big", 120_000);
  expect([answer.status, answer.code]).toEqual([501, "DatasetTooBigError"]);
  await noConvertedRef("alice/too-big");
}, 240_000);

test("a malformed file's error names the file, never a path on the server", async () => {
  await createDataset(hub, "malformed");
  await commitFiles(hub, "alice/malformed", [{ path: "train.jsonl", content: Buffer.from('{"a": 1}\n{"a": \n') }]);
  const answer = await waitConverted(hub, "alice/malformed", 120_000);
  expect([answer.status, answer.code]).toEqual([501, "MalformedFileError"]);
  const error = String(answer.body.error);
  expect(error).not.toContain(hub.work);
  expect(error).not.toMatch(/(^|[\s'"(])\/(tmp|work|root|home|var)\//);
}, 240_000);
