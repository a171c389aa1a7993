// deriveRepoMetadata over a real git repository and LFS folder: a model with a CRLF card, config files, a
// safetensors file in git and a GGUF file in LFS; a broken card and a broken safetensors header leave their
// fields out (with a reason) without failing the rest; datasets and spaces.
import { createHash } from "node:crypto";
import { join } from "node:path";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, test } from "vitest";
import { deriveRepoMetadata } from "../src/derive/metadata.js";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { GitStorage } from "../src/repos/git-storage.js";
import type { RepoRef } from "../src/repos/repo-ref.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { temporaryFolder } from "./files.js";

const data = temporaryFolder("derive-metadata");
const storage = new GitStorage(join(data, "repos"), DEFAULT_STORAGE_LIMITS);
const lfs = new FolderLargeFileStore(join(data, "lfs"));

function safetensors(header: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  const prefix = Buffer.alloc(8);
  prefix.writeBigUInt64LE(BigInt(json.length));
  return Buffer.concat([prefix, json, Buffer.alloc(8)]);
}

function ggufV3(): Buffer {
  const parts: Buffer[] = [];
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    parts.push(b);
  };
  const u64 = (v: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    parts.push(b);
  };
  const str = (s: string) => {
    u64(Buffer.byteLength(s));
    parts.push(Buffer.from(s));
  };
  u32(0x46554747);
  u32(3);
  u64(1);
  u64(2);
  str("general.architecture");
  u32(8);
  str("qwen2");
  str("qwen2.context_length");
  u32(4);
  u32(32768);
  str("blk.0.attn_q.weight");
  u32(2);
  u64(128);
  u64(256);
  u32(12);
  u64(0);
  return Buffer.concat([...parts, Buffer.alloc(2 * 1024 * 1024)]);
}

async function putLfs(bytes: Buffer): Promise<string> {
  const oid = createHash("sha256").update(bytes).digest("hex");
  await lfs.put(oid, bytes.length, Readable.from([bytes]));
  return oid;
}

describe("deriveRepoMetadata", () => {
  const model: RepoRef = { type: "model", id: "acme/tiny-qwen" };
  let commit = "";
  let gguf: Buffer;

  beforeAll(async () => {
    await lfs.open();
    await storage.create(model);
    gguf = ggufV3();
    const oid = await putLfs(gguf);
    const result = await storage.commit(model, {
      branch: "main",
      summary: "add files",
      author: "alice",
      operations: [
        {
          kind: "file",
          path: "README.md",
          content: Buffer.from(
            "---\r\nlicense: apache-2.0\r\ntags:\r\n- chat\r\nbase_model: Qwen/Qwen2-0.5B\r\n---\r\n# Tiny\r\n",
          ),
        },
        {
          kind: "file",
          path: "config.json",
          content: Buffer.from(JSON.stringify({ architectures: ["Qwen2ForCausalLM"], model_type: "qwen2" })),
        },
        {
          kind: "file",
          path: "tokenizer_config.json",
          content: Buffer.from(JSON.stringify({ chat_template: "{{ m }}" })),
        },
        {
          kind: "file",
          path: "model.safetensors",
          content: safetensors({ w: { dtype: "BF16", shape: [4, 8], data_offsets: [0, 64] } }),
        },
        { kind: "lfsFile", path: "gguf/tiny-Q8_0.gguf", oid, size: gguf.length },
      ],
    });
    commit = result.commitOid;
  }, 60_000);

  test("siblings (with LFS facts), card, config, weights, tags and the commit's date", async () => {
    const meta = await deriveRepoMetadata(storage, lfs, model, commit);
    expect(meta.sha).toBe(commit);
    expect(meta.lastModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(meta.siblings.map((s) => s.rfilename).sort()).toEqual([
      ".gitattributes",
      "README.md",
      "config.json",
      "gguf/tiny-Q8_0.gguf",
      "model.safetensors",
      "tokenizer_config.json",
    ]);
    const ggufSibling = meta.siblings.find((s) => s.rfilename.endsWith(".gguf"));
    expect(ggufSibling).toMatchObject({
      size: gguf.length,
      lfs: { sha256: createHash("sha256").update(gguf).digest("hex"), size: gguf.length },
    });
    expect(meta.cardData).toEqual({ license: "apache-2.0", tags: ["chat"], base_model: "Qwen/Qwen2-0.5B" });
    expect(meta.config).toEqual({
      architectures: ["Qwen2ForCausalLM"],
      model_type: "qwen2",
      tokenizer_config: { chat_template: "{{ m }}" },
    });
    expect(meta.safetensors).toEqual({ parameters: { BF16: 32 }, total: 32 });
    expect(meta.gguf).toEqual({
      architecture: "qwen2",
      context_length: 32768,
      total: 128 * 256,
      totalFileSize: gguf.length,
    });
    expect(meta).toMatchObject({ library_name: "transformers", pipeline_tag: "text-generation" });
    expect(meta.tags).toEqual(
      expect.arrayContaining([
        "transformers",
        "safetensors",
        "gguf",
        "qwen2",
        "text-generation",
        "chat",
        "license:apache-2.0",
        "base_model:Qwen/Qwen2-0.5B",
      ]),
    );
    expect(meta.transformersInfo).toEqual({
      auto_model: "AutoModelForCausalLM",
      pipeline_tag: "text-generation",
      processor: "AutoTokenizer",
    });
    expect(meta.usedStorage).toBe(meta.siblings.reduce((sum, s) => sum + s.size, 0));
    expect(meta.problems).toEqual([]);
  });

  test("a broken card and a broken weights header are left out with a reason; the rest is derived", async () => {
    const broken = await storage.commit(model, {
      branch: "main",
      summary: "break things",
      author: "alice",
      parentCommit: commit,
      operations: [
        { kind: "file", path: "README.md", content: Buffer.from("---\nlicense: [apache\n---\n") },
        { kind: "file", path: "model.safetensors", content: Buffer.from("not a safetensors file at all") },
      ],
    });
    const meta = await deriveRepoMetadata(storage, lfs, model, broken.commitOid);
    expect(meta.cardData).toBeUndefined();
    expect(meta.safetensors).toBeUndefined();
    expect(meta.gguf).toMatchObject({ architecture: "qwen2" });
    expect(meta.config).toMatchObject({ model_type: "qwen2" });
    expect(meta.problems).toEqual([expect.stringMatching(/README\.md/), expect.stringMatching(/safetensors/)]);
    // The older commit is still described as it was.
    expect((await deriveRepoMetadata(storage, lfs, model, commit)).cardData).toMatchObject({ license: "apache-2.0" });
  });

  test("a split GGUF counts every part's bytes; the tokenizer's mask token is kept", async () => {
    const split: RepoRef = { type: "model", id: "acme/split" };
    await storage.create(split);
    const first = ggufV3();
    const second = Buffer.alloc(4096, 7);
    const c = await storage.commit(split, {
      branch: "main",
      summary: "split",
      author: "alice",
      operations: [
        { kind: "lfsFile", path: "big-00001-of-00002.gguf", oid: await putLfs(first), size: first.length },
        { kind: "lfsFile", path: "big-00002-of-00002.gguf", oid: await putLfs(second), size: second.length },
        {
          kind: "file",
          path: "tokenizer_config.json",
          content: Buffer.from(JSON.stringify({ mask_token: { content: "[MASK]", lstrip: true } })),
        },
      ],
    });
    const meta = await deriveRepoMetadata(storage, lfs, split, c.commitOid);
    expect(meta.gguf).toMatchObject({ architecture: "qwen2", totalFileSize: first.length + second.length });
    expect(meta.mask_token).toBe("[MASK]");
  });

  test("a dataset gets format and card tags; a space its sdk", async () => {
    const dataset: RepoRef = { type: "dataset", id: "acme/rows" };
    await storage.create(dataset);
    const d = await storage.commit(dataset, {
      branch: "main",
      summary: "data",
      author: "alice",
      operations: [
        {
          kind: "file",
          path: "README.md",
          content: Buffer.from("---\nlanguage: en\ntask_categories: [text-classification]\n---\n"),
        },
        { kind: "file", path: "data/train.csv", content: Buffer.from("text,label\nhi,1\n") },
      ],
    });
    const datasetMeta = await deriveRepoMetadata(storage, lfs, dataset, d.commitOid);
    expect(datasetMeta.tags).toEqual(["task_categories:text-classification", "language:en", "format:csv"]);
    expect(datasetMeta.config).toBeUndefined();
    const space: RepoRef = { type: "space", id: "acme/demo" };
    await storage.create(space);
    const s = await storage.commit(space, {
      branch: "main",
      summary: "page",
      author: "alice",
      operations: [
        { kind: "file", path: "README.md", content: Buffer.from("---\ntitle: Demo\nsdk: static\n---\n") },
        { kind: "file", path: "index.html", content: Buffer.from("<h1>hi</h1>") },
      ],
    });
    expect(await deriveRepoMetadata(storage, lfs, space, s.commitOid)).toMatchObject({
      sdk: "static",
      tags: ["static"],
    });
  });
});
