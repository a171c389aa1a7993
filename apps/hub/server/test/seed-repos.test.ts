// The seed as real repositories: every seed model, dataset and space is a git repository with its files, the index
// follows them (sha, siblings, card data from the README), the seed's hub-only facts stay, and a second run is a
// no-op. Runs the whole seed once and reports how long it took (the first start must stay under 60 s).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUB_DIR } from "../src/config.js";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { defaultGitattributes } from "../src/repos/default-gitattributes.js";
import { GitStorage } from "../src/repos/git-storage.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { type SeedSources, seedRepositories } from "../src/seed/seed-repos.js";
import { openPglite } from "../src/store/db.js";
import { DbRepoIndex } from "../src/store/db-repo-index.js";
import { ModelStore } from "../src/store/model-store.js";

const seedDir = join(HUB_DIR, "server/seed");
const sources = {
  models: join(seedDir, "models.jsonl"),
  datasets: join(seedDir, "datasets.jsonl"),
  spaces: join(seedDir, "spaces.jsonl"),
} satisfies SeedSources;
const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id: string });

describe("seed repositories", () => {
  // ~700 repositories: removing them can take longer than the default hook timeout on a busy machine.
  const data = mkdtempSync(join(tmpdir(), "hubkit-seed-repos-"));
  let store: ModelStore;
  let storage: GitStorage;
  let index: DbRepoIndex;
  let firstMs = 0;

  beforeAll(async () => {
    store = await ModelStore.open(await openPglite(undefined));
    storage = new GitStorage(join(data, "repos"), DEFAULT_STORAGE_LIMITS);
    const lfs = await new FolderLargeFileStore(join(data, "lfs")).open();
    index = new DbRepoIndex(store, storage, lfs);
    const result = await seedRepositories({ storage, lfs, index, store }, sources, console.log);
    expect(result.skipped).toBe(false);
    firstMs = result.ms;
  }, 240_000);
  afterAll(async () => {
    await store?.close();
    await rm(data, { recursive: true, force: true });
  }, 180_000);

  it("writes every seed record as a repository in under 60 s", async () => {
    console.log(`[seed-repos] first seed took ${(firstMs / 1000).toFixed(1)} s`);
    expect(firstMs).toBeLessThan(60_000);
    expect(lines(sources.datasets).length).toBeGreaterThanOrEqual(30);
    expect(lines(sources.spaces).length).toBeGreaterThanOrEqual(20);
    for (const [type, file] of [
      ["model", sources.models],
      ["dataset", sources.datasets],
      ["space", sources.spaces],
    ] as const) {
      const ids = lines(file).map((record) => record.id);
      expect(await store.count(type)).toBe(new Set(ids).size);
      for (const id of [ids[0], ids.at(-1)] as string[]) expect(await storage.exists({ type, id })).toBe(true);
    }
  });

  it("indexes what the repository holds and keeps the seed's hub-only facts", async () => {
    const llama = await index.record({ type: "model", id: "meta-llama/Llama-3.1-8B-Instruct" });
    expect(llama?.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(llama?.sha).toBe(
      await storage.resolveRevision({ type: "model", id: "meta-llama/Llama-3.1-8B-Instruct" }, "main"),
    );
    const record = llama?.record ?? {};
    const files = (record.siblings as { rfilename: string }[]).map((sibling) => sibling.rfilename).sort();
    expect(files).toEqual([".gitattributes", "README.md", "config.json", "tokenizer_config.json"]);
    expect(record.cardData).toMatchObject({ pipeline_tag: "text-generation", library_name: "transformers" });
    expect((record.config as { tokenizer_config: { chat_template: string } }).tokenizer_config.chat_template).toContain(
      "start_header_id",
    );
    expect(record.inferenceProviderMapping).toBeTypeOf("object");
    expect(llama?.tags).toContain("conversational");

    const gguf = await index.record({ type: "model", id: "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF" });
    const ggufFiles = ((gguf?.record?.siblings ?? []) as { rfilename: string; lfs?: unknown }[]).filter((sibling) =>
      sibling.rfilename.endsWith(".gguf"),
    );
    expect(ggufFiles.length).toBeGreaterThan(0);
    expect(ggufFiles.every((sibling) => sibling.lfs !== undefined)).toBe(true);
    expect(gguf?.record?.gguf).toMatchObject({ architecture: "llama", context_length: 131072 });
    // A clone's git-lfs smudges the GGUF files only if .gitattributes names them (the hub's default does not).
    const attributes = (id: string) =>
      execFileSync("git", ["--git-dir", storage.gitDir({ type: "model", id }), "show", "main:.gitattributes"], {
        encoding: "utf8",
      });
    expect(attributes("bartowski/Meta-Llama-3.1-8B-Instruct-GGUF")).toBe(
      `${defaultGitattributes("model")}*.gguf filter=lfs diff=lfs merge=lfs -text\n`,
    );
    expect(attributes("meta-llama/Llama-3.1-8B-Instruct")).toBe(defaultGitattributes("model"));

    const space = await index.record({ type: "space", id: lines(sources.spaces)[0]?.id ?? "" });
    expect(space?.record?.sdk).toBe("static");
  });

  it("gives some datasets the committed Parquet (in LFS) and JSON-lines samples", async () => {
    const mmlu = await index.record({ type: "dataset", id: "cais/mmlu" });
    const siblings = (mmlu?.record?.siblings ?? []) as { rfilename: string; lfs?: { sha256: string } }[];
    const parquet = siblings.find((sibling) => sibling.rfilename === "data/sample.parquet");
    const committed = readFileSync(join(seedDir, "samples/cais/mmlu/sample.parquet"));
    expect(parquet?.lfs?.sha256).toBe(createHash("sha256").update(committed).digest("hex"));
    expect(siblings.some((sibling) => sibling.rfilename === "data/sample.csv")).toBe(false);
    expect(mmlu?.record?.cardData).toMatchObject({ configs: [{ data_files: "data/sample.parquet" }] });
    const arc = await index.record({ type: "dataset", id: "allenai/ai2_arc" });
    const arcFiles = ((arc?.record?.siblings ?? []) as { rfilename: string }[]).map((sibling) => sibling.rfilename);
    expect(arcFiles).toContain("data/sample.jsonl");
  });

  it("leaves clean git repositories", () => {
    for (const id of [lines(sources.datasets)[0]?.id ?? "", "cais/mmlu", lines(sources.models)[0]?.id ?? ""]) {
      const type = id === lines(sources.models)[0]?.id ? "model" : "dataset";
      execFileSync("git", ["--git-dir", storage.gitDir({ type, id }), "fsck", "--strict"], { stdio: "pipe" });
    }
  });

  it("does nothing on a second start", async () => {
    const again = await seedRepositories(
      { storage, lfs: await new FolderLargeFileStore(join(data, "lfs")).open(), index, store },
      sources,
    );
    expect(again).toMatchObject({ skipped: true, created: 0 });
    expect(again.ms).toBeLessThan(1000);
  });
});
