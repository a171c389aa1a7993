// @huggingface/hub 2.17.5 against a real Hubkit server, as a JS developer uses it: createRepo (with initial files),
// uploadFiles (a card, a config and a binary that goes through LFS), listFiles, downloadFile (bytes identical),
// modelInfo (derived card, config, safetensors, tags), listModels (search and owner; private repos only for
// their owner), and a read token that cannot upload.
import { createHash } from "node:crypto";
import {
  createRepo,
  downloadFile,
  type ListFileEntry,
  listFiles,
  listModels,
  modelInfo,
  uploadFiles,
} from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
let write: string;
let read: string;
let bobRead: string;
const repo = { type: "model" as const, name: "alice/js-tiny" };

/** A safetensors file of ~2 MB with NUL bytes: binary over 1 MB, so the hub asks for LFS. */
function weights(): Uint8Array {
  const header = Buffer.from(JSON.stringify({ w: { dtype: "F32", shape: [512, 1024], data_offsets: [0, 2097152] } }));
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64LE(BigInt(header.length));
  const data = Buffer.alloc(2097152);
  for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;
  return new Uint8Array(Buffer.concat([prefix, header, data]));
}

beforeAll(async () => {
  hub = await startAuthHub();
  await hub.user("alice");
  await hub.user("bob");
  write = await hub.token("alice", "write");
  read = await hub.token("alice", "read");
  bobRead = await hub.token("bob", "read");
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

const credentials = () => ({ accessToken: write, hubUrl: hub.url });

describe("@huggingface/hub", () => {
  const bytes = weights();

  test("createRepo with files, then uploadFiles through preupload, LFS and commit", async () => {
    const created = await createRepo({
      repo,
      ...credentials(),
      files: [{ path: "notes/hello.txt", content: new Blob(["hello from createRepo\n"]) }],
    });
    expect(created.repoUrl).toBe(`${hub.url}/alice/js-tiny`);
    const commit = await uploadFiles({
      repo,
      ...credentials(),
      useXet: false,
      files: [
        {
          path: "README.md",
          content: new Blob(["---\nlicense: mit\npipeline_tag: fill-mask\ntags: [tiny]\n---\n# Tiny\n"]),
        },
        {
          path: "config.json",
          content: new Blob([JSON.stringify({ architectures: ["BertForMaskedLM"], model_type: "bert" })]),
        },
        { path: "model.safetensors", content: new Blob([bytes]) },
      ],
    });
    expect(commit?.commit.oid).toMatch(/^[0-9a-f]{40}$/);
  }, 60_000);

  test("listFiles shows the LFS file with its sha256 and size", async () => {
    const entries: ListFileEntry[] = [];
    for await (const entry of listFiles({ repo, recursive: true, ...credentials() })) entries.push(entry);
    expect(entries.map((e) => e.path).sort()).toEqual([
      ".gitattributes",
      "README.md",
      "config.json",
      "model.safetensors",
      "notes",
      "notes/hello.txt",
    ]);
    expect(entries.find((e) => e.path === "model.safetensors")).toMatchObject({
      type: "file",
      size: bytes.length,
      lfs: { oid: createHash("sha256").update(bytes).digest("hex"), size: bytes.length },
    });
  });

  test("downloadFile gives the same bytes (LFS and regular), anonymously for a public repo", async () => {
    const blob = await downloadFile({ repo, path: "model.safetensors", hubUrl: hub.url });
    expect(blob).not.toBeNull();
    expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const text = await downloadFile({ repo, path: "notes/hello.txt", hubUrl: hub.url });
    expect(await text?.text()).toBe("hello from createRepo\n");
    expect(await downloadFile({ repo, path: "missing.bin", hubUrl: hub.url })).toBeNull();
  });

  test("modelInfo shows what the hub derived from the files", async () => {
    const info = await modelInfo({
      name: repo.name,
      hubUrl: hub.url,
      additionalFields: ["cardData", "config", "safetensors", "tags", "library_name", "sha"],
    });
    expect(info).toMatchObject({
      name: "alice/js-tiny",
      private: false,
      task: "fill-mask",
      library_name: "transformers",
      cardData: { license: "mit", pipeline_tag: "fill-mask", tags: ["tiny"] },
      config: { architectures: ["BertForMaskedLM"], model_type: "bert" },
      safetensors: { parameters: { F32: 524288 }, total: 524288 },
    });
    expect(info.tags).toEqual(
      expect.arrayContaining(["transformers", "safetensors", "bert", "fill-mask", "tiny", "license:mit"]),
    );
    expect(info.sha).toMatch(/^[0-9a-f]{40}$/);
  });

  test("listModels finds it by search and owner; a private repo only for its owner", async () => {
    await createRepo({ repo: { type: "model", name: "alice/js-hidden" }, private: true, ...credentials() });
    const ids = async (search: { query?: string; owner?: string }, accessToken?: string) => {
      const found: string[] = [];
      for await (const model of listModels({
        search,
        hubUrl: hub.url,
        limit: 50,
        ...(accessToken ? { accessToken } : {}),
      }))
        found.push(model.name);
      return found.sort();
    };
    expect(await ids({ query: "js-tiny" })).toEqual(["alice/js-tiny"]);
    expect(await ids({ owner: "alice" })).toEqual(["alice/js-tiny"]);
    expect(await ids({ owner: "alice" }, bobRead)).toEqual(["alice/js-tiny"]);
    expect(await ids({ owner: "alice" }, read)).toEqual(["alice/js-hidden", "alice/js-tiny"]);
  });

  test("a read token cannot upload; the repository is unchanged", async () => {
    const before = await modelInfo({ name: repo.name, hubUrl: hub.url, additionalFields: ["sha"] });
    await expect(
      uploadFiles({
        repo,
        accessToken: read,
        hubUrl: hub.url,
        useXet: false,
        files: [{ path: "evil.txt", content: new Blob(["x"]) }],
      }),
    ).rejects.toThrow(/403|rights|permission|write/i);
    const after = await modelInfo({ name: repo.name, hubUrl: hub.url, additionalFields: ["sha"] });
    expect(after.sha).toBe(before.sha);
  });
});
