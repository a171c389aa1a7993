// The curated seed (apps/hub/server/seed/models.jsonl) as data: every record loads, the required models are
// there, every task type is covered, popularity numbers are absent and provider mappings are well-formed.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { INFERENCE_PROVIDERS } from "@hubkit/inference";
import { PIPELINE_DATA } from "@hubkit/tasks";
import { describe, expect, it } from "vitest";
import { taskPages } from "../src/catalog.js";
import { isModelId, toModelRow } from "../src/store/model-record.js";

const seedFile = resolve(import.meta.dirname, "../seed/models.jsonl");
// The spec folder sits beside the repository (../shared/spec), as for the @hubkit/tasks tests.
const FACTS_FILE = resolve(import.meta.dirname, "../../../../../shared/spec/catalogue-facts.json");
const records = readFileSync(seedFile, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Record<string, unknown>);

const PROVIDERS = new Set<string>(INFERENCE_PROVIDERS);

describe("seed data", () => {
  it("holds at least 300 distinct, valid model records", () => {
    expect(records.length).toBeGreaterThanOrEqual(300);
    const ids = records.map((record) => String(record.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const record of records) {
      expect(isModelId(String(record.id)), String(record.id)).toBe(true);
      expect(() => toModelRow(record)).not.toThrow();
    }
  });

  it("contains the models the site and the docs use", () => {
    const ids = new Set(records.map((record) => record.id));
    for (const id of [
      "meta-llama/Llama-3.1-8B-Instruct",
      "Qwen/Qwen2.5-7B-Instruct",
      "black-forest-labs/FLUX.1-schnell",
      "openai/whisper-large-v3",
    ])
      expect(ids.has(id), id).toBe(true);
  });

  it("holds every model the task pages list (models[0] is what GET /api/tasks offers the inference client)", () => {
    const ids = new Set(records.map((record) => record.id));
    const pages = Object.values(taskPages());
    expect(pages.length).toBeGreaterThanOrEqual(40);
    const listed = pages.flatMap((page) => page.models.map((model) => `${page.id}: ${model.id}`));
    expect(listed.length).toBeGreaterThanOrEqual(pages.length);
    expect(listed.filter((entry) => !ids.has(entry.slice(entry.indexOf(": ") + 2)))).toEqual([]);
  });

  it("covers every task type of the catalogue", () => {
    const tasks = new Set(records.map((record) => record.pipeline_tag));
    const catalogue = Object.keys(PIPELINE_DATA);
    expect(catalogue).toHaveLength(58);
    expect(catalogue.filter((task) => !tasks.has(task))).toEqual([]);
  });

  it("covers every library key that has snippets except the ones seed/README.md names", () => {
    const used = new Set(records.map((record) => record.library_name));
    // The spec's list (the package's catalogue may hold more libraries than the spec does).
    const facts = JSON.parse(readFileSync(FACTS_FILE, "utf8")) as {
      libraries: { key: string; hasSnippets: boolean }[];
    };
    const withSnippets = facts.libraries.filter((library) => library.hasSnippets).map((library) => library.key);
    expect(withSnippets).toHaveLength(76);
    expect(withSnippets.filter((key) => !used.has(key)).sort()).toEqual([
      "htrflow",
      "lightning-ir",
      "llama-cpp-python",
      "pxia",
      "swarmformer",
      "vfi-mamba",
    ]);
  });

  it("invents no popularity numbers", () => {
    for (const record of records) {
      expect(record.downloads ?? null, String(record.id)).toBeNull();
      expect(record.likes ?? null, String(record.id)).toBeNull();
    }
  });

  it("has dated provider mappings for known providers, in the shape the client reads", () => {
    const mapped = records.filter((record) => record.inferenceProviderMapping !== undefined);
    expect(mapped.length).toBeGreaterThanOrEqual(50);
    for (const record of mapped) {
      expect(record.inferenceProviderMappingSnapshot, String(record.id)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const mapping = record.inferenceProviderMapping as Record<string, Record<string, unknown>>;
      for (const [provider, entry] of Object.entries(mapping)) {
        expect(PROVIDERS.has(provider), provider).toBe(true);
        expect(Object.keys(entry).sort()).toEqual(["providerId", "status", "task"]);
        expect(["live", "staging"]).toContain(entry.status);
      }
    }
  });

  it("gives chat templates, GGUF files and snippet config where snippets need them", () => {
    const withTemplate = records.filter(
      (record) =>
        typeof (record.config as { tokenizer_config?: { chat_template?: unknown } } | undefined)?.tokenizer_config
          ?.chat_template === "string",
    );
    expect(withTemplate.length).toBeGreaterThanOrEqual(5);
    for (const record of records.filter((record) => (record.tags as string[]).includes("gguf"))) {
      const files = (record.siblings as { rfilename: string }[] | undefined) ?? [];
      expect(
        files.some((file) => file.rfilename.endsWith(".gguf")),
        String(record.id),
      ).toBe(true);
    }
    const config = (id: string) => records.find((record) => record.id === id)?.config as Record<string, unknown>;
    expect(config("ybelkada/opt-350m-lora").peft).toEqual({
      base_model_name_or_path: "facebook/opt-350m",
      task_type: "CAUSAL_LM",
    });
    expect(config("speechbrain/sepformer-wsj02mix").speechbrain).toEqual({
      speechbrain_interface: "SepformerSeparation",
    });
    expect(config("julien-c/wine-quality").sklearn).toBeDefined();
  });
});
