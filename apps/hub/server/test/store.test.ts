import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_MIGRATIONS, MIGRATIONS, migrate } from "../src/store/migrations.js";
import { ModelRecordError } from "../src/store/model-record.js";
import { type ModelSearch, ModelStore, toPrefixQuery } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const base: ModelSearch = { sort: "downloads", direction: -1, limit: 50 };

for (const database of testDatabases()) {
  describe(`model store on ${database.name}`, () => {
    let store: ModelStore;
    const ids = async (query: Partial<ModelSearch>) =>
      (await store.search({ ...base, ...query })).models.map((model) => model.id);

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      await store.upsert(FIXTURE_MODELS);
    });
    afterAll(async () => {
      await store?.close();
      await database.cleanup();
    });

    it("applies each migration once", async () => {
      expect(await migrate(store.db)).toEqual([]);
      const rows = await store.db.query<{ version: number }>("SELECT version FROM hub_schema_migrations ORDER BY 1");
      expect(rows.map((row) => Number(row.version))).toEqual(ALL_MIGRATIONS.map((migration) => migration.version));
    });

    it("indexes the same prefix lexemes in the application and in migration 2", async () => {
      // The application also indexes typo keys (search/typo-query.ts: marked with =, - or ~), which migration 2
      // does not know of: compare the prefix lexemes.
      const prefixesOnly = (search: string) =>
        search
          .split(" ")
          .filter((lexeme) => !/[=~-]/.test(lexeme))
          .join(" ");
      const lexemes = async () =>
        (
          await store.db.query<{ id: string; search: string }>(
            "SELECT id, search::text AS search FROM hub_models ORDER BY id",
          )
        ).map((row) => ({ id: row.id, search: prefixesOnly(row.search) }));
      const before = await lexemes();
      expect(before.find((row) => row.id === "gpt2")?.search).toBe("'g' 'gp' 'gpt' 'gpt2'");
      const rebuild = MIGRATIONS.find((migration) => migration.version === 2);
      for (const statement of rebuild?.statements ?? []) await store.db.query(statement);
      expect(await lexemes()).toEqual(before);
    });

    it("stores and returns full records, normalising the provider mapping", async () => {
      expect(await store.count()).toBe(FIXTURE_MODELS.length);
      const qwen = await store.get("Qwen/Qwen2.5-7B-Instruct");
      expect(qwen?.inferenceProviderMapping).toEqual({
        together: { providerId: "Qwen/Qwen2.5-7B-Instruct-Turbo", status: "live", task: "conversational" },
      });
      expect(qwen?.author).toBe("Qwen");
      expect(qwen?.downloads).toBe(4000);
      expect(qwen?.lastModified).toBe("2024-10-01T00:00:00.000Z");
      expect(await store.get("nobody/nothing")).toBeUndefined();
    });

    it("replaces a record on re-import", async () => {
      await store.upsert([{ id: "gpt2", pipeline_tag: "text-generation", library_name: "transformers", tags: ["x"] }]);
      expect((await store.get("gpt2"))?.tags).toEqual(["x"]);
      await store.upsert([FIXTURE_MODELS[5]]);
      expect(await store.count()).toBe(FIXTURE_MODELS.length);
    });

    it("searches the id's words by prefix", async () => {
      expect(await ids({ search: "llama" })).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
        "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF",
      ]);
      expect(await ids({ search: "Llama-3.1-8B gguf" })).toEqual(["bartowski/Meta-Llama-3.1-8B-Instruct-GGUF"]);
      expect(await ids({ search: "whis" })).toEqual(["openai/whisper-large-v3"]);
      expect(await ids({ search: "zzz-not-there" })).toEqual([]);
    });

    it("filters by task, library, provider, tags and author", async () => {
      expect(await ids({ pipelineTag: "text-to-image" })).toEqual(["black-forest-labs/FLUX.1-schnell"]);
      expect(await ids({ library: "gguf" })).toEqual(["bartowski/Meta-Llama-3.1-8B-Instruct-GGUF"]);
      expect(await ids({ provider: "together" })).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
        "Qwen/Qwen2.5-7B-Instruct",
      ]);
      expect(await ids({ tags: ["conversational", "llama"] })).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
        "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF",
      ]);
      expect(await ids({ author: "openai" })).toEqual(["openai/whisper-large-v3"]);
      expect(await ids({ pipelineTag: "text-generation", provider: "hf-inference", search: "instruct" })).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
      ]);
    });

    it("sorts by downloads, likes and last modified, unknown values last, ties by id", async () => {
      expect(await ids({})).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
        "Qwen/Qwen2.5-7B-Instruct",
        "black-forest-labs/FLUX.1-schnell",
        "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF",
        "gpt2",
        "openai/whisper-large-v3",
      ]);
      expect((await ids({ sort: "likes" })).slice(0, 3)).toEqual([
        "Qwen/Qwen2.5-7B-Instruct",
        "meta-llama/Llama-3.1-8B-Instruct",
        "openai/whisper-large-v3",
      ]);
      expect((await ids({ sort: "lastModified" })).slice(0, 3)).toEqual([
        "Qwen/Qwen2.5-7B-Instruct",
        "meta-llama/Llama-3.1-8B-Instruct",
        "openai/whisper-large-v3",
      ]);
      expect((await ids({ sort: "likes", direction: 1 })).at(-1)).toBe("Qwen/Qwen2.5-7B-Instruct");
    });

    // One row a page, so that every cursor lands inside the runs of equal keys too (two models share 4000
    // downloads, two have none, three have no lastModified).
    for (const sort of ["downloads", "likes", "lastModified"] as const)
      for (const direction of [-1, 1] as const)
        it(`pages with a cursor through every row exactly once (${sort}, direction ${direction})`, async () => {
          const all = await ids({ direction, sort });
          expect(all).toHaveLength(FIXTURE_MODELS.length);
          const seen: string[] = [];
          let page = await store.search({ ...base, direction, sort, limit: 1 });
          for (;;) {
            seen.push(...page.models.map((model) => model.id));
            if (page.next === undefined) break;
            page = await store.search({ ...base, direction, sort, limit: 1, cursor: page.next });
          }
          expect(seen).toEqual(all);
        });

    it("keeps the search and filter GIN indexes free of a pending list", async () => {
      const rows = await store.db.query<{ name: string; options: string[] | null }>(
        `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
         JOIN pg_am am ON am.oid = c.relam WHERE i.indrelid = 'hub_models'::regclass AND am.amname = 'gin'
         ORDER BY 1`,
      );
      expect(rows).toEqual(
        ["hub_models_providers_idx", "hub_models_search_idx", "hub_models_tags_idx"].map((name) => ({
          name,
          options: ["fastupdate=off"],
        })),
      );
    });

    it("treats injection attempts as plain values", async () => {
      const evil = "'; DROP TABLE hub_models; --";
      expect(await ids({ search: evil })).toEqual([]);
      expect(
        await ids({ pipelineTag: evil, library: evil, provider: evil, author: evil, tags: [evil, "{a,b}"] }),
      ).toEqual([]);
      expect(await ids({ search: "llama & !:* | (" })).toHaveLength(2);
      expect(await store.count()).toBe(FIXTURE_MODELS.length);
      expect(toPrefixQuery("a'b:*&c A")).toBe("'a' & 'b' & 'c'");
      expect(toPrefixQuery(" -- ")).toBeUndefined();
    });

    it("rejects malformed records without writing any of the batch", async () => {
      await expect(store.upsert([{ id: "ok/one" }, { id: "../etc/passwd" }])).rejects.toThrow(ModelRecordError);
      await expect(store.upsert([{ id: "a/b", downloads: -3 }])).rejects.toThrow("downloads must be a non-negative");
      await expect(
        store.upsert([{ id: "a/b", inferenceProviderMapping: { x: { providerId: "p", status: "gone", task: "t" } } }]),
      ).rejects.toThrow("inferenceProviderMapping entries need");
      await expect(store.upsert([{ id: "a/b", lastModified: "yesterday" }])).rejects.toThrow("ISO 8601");
      await expect(store.upsert(["not an object"])).rejects.toThrow("must be a JSON object");
      expect(await store.get("ok/one")).toBeUndefined();
    });

    it("counts models per library", async () => {
      const libraries = await store.countByLibrary();
      expect(libraries.get("transformers")).toBe(4);
      expect(libraries.get("gguf")).toBe(1);
    });
  });
}
