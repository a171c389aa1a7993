// A search's first page starts with the repositories whose whole id or whole name is what was typed (issue 20
// point 2: "gpt2" put jbloom/GPT2-Small-SAEs-Reformatted first), then the rest in the asked sort order; paging
// loses no row, and a private exact match stays hidden from those who cannot read it. On every test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelSearch, ModelStore } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";

const base: ModelSearch = { sort: "downloads", direction: -1, limit: 50 };
const RECORDS = [
  { id: "jbloom/GPT2-Small-SAEs-Reformatted", downloads: 900 },
  { id: "someone/gpt2-finetuned", downloads: 800 },
  { id: "openai-community/gpt2", downloads: 5 },
  { id: "meta-llama/Llama-3.1-8B-Instruct", downloads: 700 },
  { id: "bartowski/Llama-3.1-8B-GGUF", downloads: 600 },
  { id: "meta-llama/Llama-3.1-8B", downloads: 3 },
  { id: "hidden/secret-model", downloads: 1, private: true },
  { id: "other/secret-model-v2", downloads: 50 },
];

for (const database of testDatabases()) {
  describe(`exact matches first on ${database.name}`, () => {
    let store: ModelStore;
    const ids = async (query: Partial<ModelSearch>) =>
      (await store.search({ ...base, ...query })).models.map((model) => model.id);

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      await store.upsert(RECORDS);
    });
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    it("puts the exact name first, then the rest by popularity", async () => {
      expect(await ids({ search: "gpt2" })).toEqual([
        "openai-community/gpt2",
        "jbloom/GPT2-Small-SAEs-Reformatted",
        "someone/gpt2-finetuned",
      ]);
      expect((await ids({ search: "Llama-3.1-8B" }))[0]).toBe("meta-llama/Llama-3.1-8B");
      expect((await ids({ search: "META-LLAMA/llama-3.1-8b" }))[0]).toBe("meta-llama/Llama-3.1-8B");
      expect(await ids({ search: "gpt2", direction: 1 })).toEqual([
        "openai-community/gpt2",
        "someone/gpt2-finetuned",
        "jbloom/GPT2-Small-SAEs-Reformatted",
      ]);
    });

    it("pages through every match once, the exact one first", async () => {
      const seen: string[] = [];
      let page = await store.search({ ...base, search: "gpt2", limit: 2 });
      seen.push(...page.models.map((model) => model.id));
      while (page.next !== undefined) {
        page = await store.search({ ...base, search: "gpt2", limit: 2, cursor: page.next });
        seen.push(...page.models.map((model) => model.id));
      }
      expect(seen[0]).toBe("openai-community/gpt2");
      expect(new Set(seen)).toEqual(
        new Set(["openai-community/gpt2", "jbloom/GPT2-Small-SAEs-Reformatted", "someone/gpt2-finetuned"]),
      );
    });

    it("keeps filters and private repositories out of the exact matches", async () => {
      expect(await ids({ search: "secret-model" })).toEqual(["other/secret-model-v2"]);
      expect(
        await ids({ search: "secret-model", privateScope: { kind: "namespaces", namespaces: ["hidden"] } }),
      ).toEqual(["hidden/secret-model", "other/secret-model-v2"]);
      expect(await ids({ search: "gpt2", author: "jbloom" })).toEqual(["jbloom/GPT2-Small-SAEs-Reformatted"]);
    });
  });
}
