// Issue 17, findings 4 and 5, against a real server: one anonymous request must not stall the server through a
// parser. Nested YAML (validate-yaml, a README's front matter in a commit, a space's runtime) is refused before
// the `yaml` package recurses; alias bombs stay bounded; a safetensors header is parsed once per stored object
// however many shards and revisions point at it, and one over the 25 MB cap is refused with a clear reason.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deriveRepoMetadata } from "../src/derive/metadata.js";
import { MAX_SAFETENSORS_HEADER, safetensorsCacheStats } from "../src/derive/safetensors.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const LFS = "application/vnd.git-lfs+json";
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const auth = () => ({ Authorization: `Bearer ${hub.writeToken}` });

beforeAll(async () => {
  // Large objects in one PUT: the multipart layout is not what this test is about.
  hub = await startTestHub("hostile-parsing", { HUBKIT_MULTIPART_THRESHOLD_BYTES: String(1024 * 1024 * 1024) });
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

/** The attack of finding 4: 250 000 `[` then as many `]`, a 500 KB flow sequence nested 250 000 deep. */
const NESTED = `a: ${"[".repeat(250_000)}${"]".repeat(250_000)}`;

/** Runs `work` while /api/health is asked in a loop; the slowest health answer seen meanwhile. */
async function healthDuring<T>(work: () => Promise<T>): Promise<{ result: T; slowestHealth: number }> {
  let done = false;
  let slowest = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${hub.url}/api/health`);
      await response.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    // Let the probe make its first round trip before the work starts.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await work();
    return { result, slowestHealth: slowest };
  } finally {
    done = true;
    await probe;
  }
}

async function createRepo(name: string, type = "model"): Promise<void> {
  const response = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { ...auth(), "Content-Type": "application/json" },
    body: JSON.stringify({ name, type, ...(type === "space" ? { sdk: "static" } : {}) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const ndjson = (lines: unknown[]) => lines.map((line) => JSON.stringify(line)).join("\n");
const header = { key: "header", value: { summary: "s", description: "" } };
const file = (path: string, content: string) => ({
  key: "file",
  value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});

async function commit(repo: string, lines: unknown[], branch = "main", type = "model"): Promise<Response> {
  return fetch(`${hub.url}/api/${type}s/alice/${repo}/commit/${branch}`, {
    method: "POST",
    headers: { ...auth(), "Content-Type": "application/x-ndjson" },
    body: ndjson([header, ...lines]),
  });
}

/** Uploads `bytes` as an LFS object of `repo` (batch, PUT, verify) and returns its oid. */
async function uploadObject(repo: string, bytes: Buffer): Promise<string> {
  const oid = sha256(bytes);
  const answer = await fetch(`${hub.url}/alice/${repo}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { ...auth(), Accept: LFS, "Content-Type": LFS },
    body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size: bytes.length }] }),
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as {
    objects: Array<{ actions?: { upload?: { href: string }; verify?: { href: string } } }>;
  };
  const actions = body.objects[0]?.actions;
  if (actions?.upload !== undefined) {
    const put = await fetch(actions.upload.href, { method: "PUT", body: bytes });
    expect(put.status).toBe(200);
  }
  if (actions?.verify !== undefined) {
    const verify = await fetch(actions.verify.href, {
      method: "POST",
      headers: { ...auth(), Accept: LFS, "Content-Type": LFS },
      body: JSON.stringify({ oid, size: bytes.length }),
    });
    expect(verify.status).toBe(200);
  }
  return oid;
}

const lfsFile = (path: string, oid: string, size: number) => ({
  key: "lfsFile",
  value: { path, algo: "sha256", oid, size },
});

/** A safetensors file whose header is `json` (padded with spaces to `headerLength` when given), without data. */
function safetensors(json: string, headerLength = Buffer.byteLength(json)): Buffer {
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64LE(BigInt(headerLength));
  return Buffer.concat([prefix, Buffer.from(json.padEnd(headerLength, " "))]);
}

/** A header just under the cap made of many small tensors, slow to parse: about a second of JSON per read. */
function bigHeader(): string {
  const parts: string[] = [];
  let length = 2;
  for (let i = 0; ; i++) {
    const part = `"t${i}":{"dtype":"F32","shape":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,2],"data_offsets":[0,0]}`;
    if (length + part.length + 1 > MAX_SAFETENSORS_HEADER - 1000) break;
    parts.push(part);
    length += part.length + 1;
  }
  return `{${parts.join(",")}}`;
}

describe("nested YAML (finding 4)", () => {
  test("validate-yaml answers the nested document with a fast JSON 400 while health stays responsive", async () => {
    const { result, slowestHealth } = await healthDuring(async () => {
      const started = performance.now();
      const response = await fetch(`${hub.url}/api/validate-yaml`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ content: `---\n${NESTED}\n---\n# Card\n`, repoType: "model" }),
      });
      return { status: response.status, body: await response.json(), elapsed: performance.now() - started };
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      errors: [{ message: expect.stringMatching(/nested deeper than 64/) }],
      warnings: [],
      error: expect.stringMatching(/nested deeper than 64/),
    });
    expect(result.elapsed).toBeLessThan(1000);
    expect(slowestHealth).toBeLessThan(200);
  });

  test("block nesting, a run of line ends and many keys are refused or parsed without stalling", async () => {
    const documents = [
      `a: ${"- ".repeat(200_000)}x`,
      `${Array.from({ length: 400 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n")} x`,
      Array.from({ length: 60_000 }, (_, i) => `k${i}: v`).join("\n"),
    ];
    for (const yaml of documents) {
      const started = performance.now();
      const response = await fetch(`${hub.url}/api/validate-yaml`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ content: `---\n${yaml}\n---\n`, repoType: "dataset" }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ message: expect.any(String) }] });
      expect(performance.now() - started, yaml.slice(0, 40)).toBeLessThan(1000);
    }
    // "---" then a megabyte of line ends: the front matter regex used to backtrack cubically on it.
    const started = performance.now();
    const lineEnds = await fetch(`${hub.url}/api/validate-yaml`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: `---\n${"\n".repeat(1_000_000)}`, repoType: "model" }),
    });
    expect(lineEnds.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("an alias bomb is refused with the hub's 400, quickly", async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(",")}]`);
    }
    const started = performance.now();
    const response = await fetch(`${hub.url}/api/validate-yaml`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: `---\n${lines.join("\n")}\n---\n`, repoType: "model" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ message: expect.stringMatching(/alias/i) }] });
    expect(performance.now() - started).toBeLessThan(1000);
    // Past the alias count, the pre-scan refuses before anything is composed.
    const many = `a: &a x\nb: [${Array(500).fill("*a").join(",")}]`;
    const refused = await fetch(`${hub.url}/api/validate-yaml`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: `---\n${many}\n---\n`, repoType: "model" }),
    });
    expect(await refused.json()).toMatchObject({
      errors: [{ message: expect.stringMatching(/more than 100 aliases/) }],
    });
  });

  test("the same YAML as a README's front matter commits without stalling; the card is left out", async () => {
    await createRepo("nested-card");
    const { result, slowestHealth } = await healthDuring(async () => {
      const response = await commit("nested-card", [file("README.md", `---\n${NESTED}\n---\n# Card\n`)]);
      return { status: response.status, text: await response.text() };
    });
    expect(result.status, result.text).toBe(200);
    // The commit itself (a 500 KB body decoded, git objects written, the index synced) shares the main thread;
    // the old code held it 9.8 s in the YAML composer.
    expect(slowestHealth).toBeLessThan(1000);
    const info = (await (await fetch(`${hub.url}/api/models/alice/nested-card`)).json()) as Record<string, unknown>;
    expect(info.id).toBe("alice/nested-card");
    expect(info.cardData).toBeUndefined();
    // A space with that card: its runtime answers, without an sdk from the card.
    await createRepo("nested-space", "space");
    const space = await commit("nested-space", [file("README.md", `---\n${NESTED}\n---\n`)], "main", "space");
    expect(space.status).toBe(200);
    const runtime = await healthDuring(() => fetch(`${hub.url}/api/spaces/alice/nested-space/runtime`));
    expect(runtime.result.status).toBe(200);
    expect(runtime.slowestHealth).toBeLessThan(200);
  });
});

describe("safetensors shard headers (finding 5)", () => {
  test("many shard pointers to one big-header object, viewed at a non-default revision, parse it once", async () => {
    await createRepo("shards");
    const json = bigHeader();
    const tensors = (json.match(/"dtype"/g) ?? []).length;
    const bytes = safetensors(json);
    const oid = await uploadObject("shards", bytes);
    const shards = Array.from({ length: 8 }, (_, i) => `model-0000${i + 1}-of-00008.safetensors`);
    const index = JSON.stringify({ weight_map: Object.fromEntries(shards.map((shard, i) => [`w${i}`, shard])) });
    const branch = await fetch(`${hub.url}/api/models/alice/shards/branch/dev`, {
      method: "POST",
      headers: { ...auth(), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(branch.status).toBe(200);
    const committed = await commit(
      "shards",
      [file("model.safetensors.index.json", index), ...shards.map((shard) => lfsFile(shard, oid, bytes.length))],
      "dev",
    );
    expect(committed.status, await committed.clone().text()).toBe(200);
    const before = safetensorsCacheStats().computed;
    const views: number[] = [];
    for (let round = 0; round < 4; round++) {
      const started = performance.now();
      const response = await fetch(`${hub.url}/api/models/alice/shards/revision/dev?expand[]=safetensors`);
      expect(response.status).toBe(200);
      const info = (await response.json()) as { safetensors?: { total: number } };
      // 8 shards × the object's tensors × 2 parameters each.
      expect(info.safetensors?.total).toBe(8 * tensors * 2);
      views.push(performance.now() - started);
    }
    // One parse for the object, whichever shard and view asked first; the old code parsed 8 per view.
    expect(safetensorsCacheStats().computed - before).toBe(1);
    const repeat = await healthDuring(() =>
      fetch(`${hub.url}/api/models/alice/shards/revision/dev?expand[]=safetensors`).then((r) => r.arrayBuffer()),
    );
    expect(repeat.slowestHealth).toBeLessThan(200);
    expect(Math.max(...views.slice(1))).toBeLessThan(1000);
  }, 120_000);

  test("a header over the 25 MB cap is refused with a clear reason; the repository still serves", async () => {
    await createRepo("too-big");
    // The length field claims one byte over the cap; the file really holds that many bytes.
    const bytes = safetensors('{"t":{"dtype":"F32","shape":[1],"data_offsets":[0,0]}}', MAX_SAFETENSORS_HEADER + 1);
    const oid = await uploadObject("too-big", bytes);
    const committed = await commit("too-big", [lfsFile("model.safetensors", oid, bytes.length)]);
    expect(committed.status).toBe(200);
    const info = (await (await fetch(`${hub.url}/api/models/alice/too-big`)).json()) as Record<string, unknown>;
    expect(info.id).toBe("alice/too-big");
    expect(info.safetensors).toBeUndefined();
    const ref = { type: "model" as const, id: "alice/too-big" };
    const commitId = await hub.ctx.storage.resolveRevision(ref, "main");
    if (commitId === undefined) throw new Error("no commit");
    const derived = await deriveRepoMetadata(hub.ctx.storage, hub.ctx.lfs, ref, commitId);
    expect(derived.problems).toContainEqual(expect.stringMatching(/header of 25000001 bytes is over 25000000/));
  }, 60_000);
});
