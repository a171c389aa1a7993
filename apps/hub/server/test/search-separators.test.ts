// Search ignores the separators between letters and digits (issue 20 point 2): "llama3", "llama-3", "llama 3" and
// "Llama_3" find the same ids, whether the id writes "Llama-3" or "Llama3". On every test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ModelSearch, ModelStore, toPrefixQuery } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";

const base: ModelSearch = { sort: "downloads", direction: -1, limit: 50 };
const RECORDS = [
  { id: "meta-llama/Llama-3.1-8B", downloads: 30 },
  { id: "someone/Meta-Llama3-8B-GGUF", downloads: 20 },
  { id: "Qwen/Qwen2.5-7B-Instruct", downloads: 10 },
  { id: "openai-community/gpt2", downloads: 5 },
  { id: "google-bert/bert-base-uncased", downloads: 4 },
];

for (const database of testDatabases()) {
  describe(`search separators on ${database.name}`, () => {
    let store: ModelStore;
    const ids = async (search: string) =>
      (await store.search({ ...base, search })).models.map((model) => model.id).sort();

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      await store.upsert(RECORDS);
    });
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    it("finds Llama 3 ids however the query writes it", async () => {
      const both = ["meta-llama/Llama-3.1-8B", "someone/Meta-Llama3-8B-GGUF"];
      for (const search of ["llama3", "llama-3", "llama 3", "Llama_3", "LLAMA3"])
        expect(await ids(search), search).toEqual(both);
      expect(await ids("llama3.1")).toEqual(["meta-llama/Llama-3.1-8B"]);
      expect(await ids("llama 3 gguf")).toEqual(["someone/Meta-Llama3-8B-GGUF"]);
    });

    it("joins and splits other letter and digit runs", async () => {
      expect(await ids("qwen 2.5")).toEqual(["Qwen/Qwen2.5-7B-Instruct"]);
      expect(await ids("qwen2")).toEqual(["Qwen/Qwen2.5-7B-Instruct"]);
      expect(await ids("gpt 2")).toEqual(["openai-community/gpt2"]);
      expect(await ids("gpt2")).toEqual(["openai-community/gpt2"]);
      expect(await ids("bert")).toEqual(["google-bert/bert-base-uncased"]);
      expect(await ids("llama 4")).toEqual([]);
    });

    it("keeps the query text well formed", async () => {
      expect(toPrefixQuery("llama3")).toBe("('llama3' | 'llama' & '3')");
      expect(toPrefixQuery("llama 3 ' | !")).toBe("('llama' & '3' | 'llama3')");
      expect(await ids("llama3 & !:* | (")).toHaveLength(2);
      expect(await ids(`${"a1".repeat(100)} ${"9".repeat(300)}`)).toEqual([]);
    });
  });
}
