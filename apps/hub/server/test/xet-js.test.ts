// @huggingface/hub 2.17.5 with its default Xet (issue 18): uploadFile goes through the LFS batch `xet` transfer and
// the hub's CAS (xorbs and a shard, nothing through basic LFS); downloadFile({ xet: true }) reads the fileinfo
// answer of resolve and the v2 reconstruction, byte-identical; without Xet the same file downloads whole.
import { createHash, randomBytes } from "node:crypto";
import { createRepo, downloadFile, listFiles, uploadFile } from "@huggingface/hub";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { XetService } from "../src/xet/service.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let xet: XetService;
const repo = { type: "model" as const, name: "alice/js-xet" };
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  hub = await startTestHub("xet-js");
  xet = hub.ctx.xet as XetService;
}, 60_000);
afterAll(async () => hub?.close());

test("uploadFile with its default Xet, then downloadFile with and without xet", async () => {
  const credentials = { accessToken: hub.writeToken, hubUrl: hub.url };
  await createRepo({ repo, ...credentials });
  const bytes = new Uint8Array(randomBytes(3 * 1024 * 1024));
  const before = { ...xet.counters };
  const commit = await uploadFile({
    repo,
    ...credentials,
    file: { path: "weights.safetensors", content: new Blob([bytes]) },
  });
  expect(commit?.commit.oid).toMatch(/^[0-9a-f]{40}$/);
  expect(xet.counters.xorbsReceived).toBeGreaterThan(before.xorbsReceived);
  expect(xet.counters.shards).toBeGreaterThan(before.shards);
  // The LFS folder never saw it: the object exists only as xorbs, linked to the repository by the shard.
  expect(await hub.ctx.lfsLinks.isLinked({ type: "model", id: "alice/js-xet" }, sha(bytes))).toBe(true);
  const files = [];
  for await (const entry of listFiles({ repo, ...credentials })) files.push(entry);
  expect(files.find((entry) => entry.path === "weights.safetensors")?.lfs?.oid).toBe(sha(bytes));

  const reconstructions = xet.counters.reconstructions;
  const viaXet = await downloadFile({ repo, path: "weights.safetensors", ...credentials, xet: true });
  expect(sha(new Uint8Array(await (viaXet as Blob).arrayBuffer()))).toBe(sha(bytes));
  expect(xet.counters.reconstructions).toBeGreaterThan(reconstructions);
  const whole = await downloadFile({ repo, path: "weights.safetensors", ...credentials });
  expect(sha(new Uint8Array(await (whole as Blob).arrayBuffer()))).toBe(sha(bytes));

  // A second identical upload sends no xorb bytes (the shard's file entry alone).
  const received = xet.counters.xorbBytesReceived;
  await uploadFile({ repo, ...credentials, file: { path: "copy.safetensors", content: new Blob([bytes]) } });
  expect(xet.counters.xorbBytesReceived - received).toBeLessThan(bytes.length / 10);
}, 120_000);
