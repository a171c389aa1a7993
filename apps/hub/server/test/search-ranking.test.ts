// Search ranks what was typed first (issue 20 point 2): the exact id or name, then names that start with it, then
// ids holding its words, then ids one typo away ("lama 3" finds Llama 3), each tier by popularity; the canonical
// repository of a legacy id ("gpt2") leads. Paging loses no row and shows none twice; private repositories stay
// hidden from those who cannot read them. On every test database (the store), then through the HTTP API with the
// raw listing, the quick search and huggingface_hub's list_models (both majors) on a real hub.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillTypoKeys } from "../src/search/backfill.js";
import { indexTypoKeys, typoKeys } from "../src/search/typo-query.js";
import { type ModelSearch, ModelStore } from "../src/store/model-store.js";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { testDatabases } from "./backends.js";
import { type ListingHub, pythonJson, startListingHub } from "./listing-harness.js";

const base: ModelSearch = { sort: "downloads", direction: -1, limit: 50 };
const RECORDS: { id: string; downloads: number; private?: boolean }[] = [
  { id: "jbloom/GPT2-Small-SAEs-Reformatted", downloads: 900 },
  { id: "someone/gpt2-finetuned", downloads: 800 },
  { id: "fork/gpt2", downloads: 60 },
  { id: "openai-community/gpt2", downloads: 5 },
  { id: "meta-llama/Llama-3.1-8B-Instruct", downloads: 700 },
  { id: "bartowski/Llama-3.1-8B-GGUF", downloads: 600 },
  { id: "meta-llama/Llama-3.1-8B", downloads: 3 },
  { id: "someone/Meta-Llama3-8B-GGUF", downloads: 650 },
  { id: "other/my-bert-model", downloads: 950 },
  { id: "google-bert/bert-base-uncased", downloads: 10 },
  { id: "mistralai/Mistral-7B-v0.1", downloads: 40 },
  { id: "hidden/secret-model", downloads: 1, private: true },
  { id: "other/secret-model-v2", downloads: 50 },
];

describe("the typo keys of a query word", () => {
  it("are bounded and only for words of 4 or more characters with a letter", () => {
    expect(typoKeys("bert")).toContain("-bert");
    expect(typoKeys("ber")).toEqual([]);
    expect(typoKeys("12345")).toEqual([]);
    expect(typoKeys("llamq")).toContain("llam~5");
    expect(typoKeys("llama4")).not.toContain("=llama");
    expect(typoKeys("lllama")).toContain("=llama");
    expect(typoKeys("x".repeat(500)).length).toBeLessThanOrEqual(81);
    expect(indexTypoKeys("meta-llama/Llama-3.1-8B").sort()).toEqual(
      ["=llama", "-lama", "lama~1", "lama~2", "-llma", "llma~3", "-llaa", "llaa~4", "-llam", "llam~5"].sort(),
    );
  });
});

for (const database of testDatabases()) {
  describe(`search ranking on ${database.name}`, () => {
    let store: ModelStore;
    const ids = async (query: Partial<ModelSearch>) =>
      (await store.search({ ...base, ...query })).models.map((model) => model.id);

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      await store.upsert(RECORDS);
      await store.upsert([{ id: "google-bert/bert-base-uncased", downloads: 10 }], "dataset");
    });
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    it("puts the legacy id's canonical repository and the exact name first, then the rest by popularity", async () => {
      // Both other names start with gpt2: the more downloaded first.
      expect(await ids({ search: "gpt2" })).toEqual([
        "openai-community/gpt2",
        "fork/gpt2",
        "jbloom/GPT2-Small-SAEs-Reformatted",
        "someone/gpt2-finetuned",
      ]);
      expect(await ids({ search: "Llama-3.1-8B" })).toEqual([
        "meta-llama/Llama-3.1-8B",
        "meta-llama/Llama-3.1-8B-Instruct",
        "bartowski/Llama-3.1-8B-GGUF",
      ]);
      expect((await ids({ search: "META-LLAMA/llama-3.1-8b" }))[0]).toBe("meta-llama/Llama-3.1-8B");
      expect((await ids({ search: "llama 3.1 8b" }))[0]).toBe("meta-llama/Llama-3.1-8B");
    });

    it("ranks names starting with the search above ids that merely hold its words", async () => {
      expect(await ids({ search: "bert" })).toEqual(["google-bert/bert-base-uncased", "other/my-bert-model"]);
      expect(await ids({ search: "meta-llama/llama" })).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
        "meta-llama/Llama-3.1-8B",
        "someone/Meta-Llama3-8B-GGUF",
      ]);
      // Ascending popularity applies inside each tier.
      expect(await ids({ search: "gpt2", direction: 1 })).toEqual([
        "openai-community/gpt2",
        "fork/gpt2",
        "someone/gpt2-finetuned",
        "jbloom/GPT2-Small-SAEs-Reformatted",
      ]);
    });

    it("forgives one typo in a longer word, below every exact and prefix match", async () => {
      expect(await ids({ search: "lama 3" })).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
        "someone/Meta-Llama3-8B-GGUF",
        "bartowski/Llama-3.1-8B-GGUF",
        "meta-llama/Llama-3.1-8B",
      ]);
      expect(await ids({ search: "mistrl" })).toEqual(["mistralai/Mistral-7B-v0.1"]);
      expect(await ids({ search: "mistrak" })).toEqual(["mistralai/Mistral-7B-v0.1"]);
      expect(await ids({ search: "misttral" })).toEqual(["mistralai/Mistral-7B-v0.1"]);
      // Two typos, or a typo in a short word, find nothing.
      expect(await ids({ search: "mstrl" })).toEqual([]);
      expect(await ids({ search: "brt" })).toEqual([]);
      // Digits are not typos: a version number must match as typed.
      expect(await ids({ search: "llama 4" })).toEqual([]);
      expect(await ids({ search: "mistral 8b" })).toEqual([]);
      // Typos are forgiven only when nothing matches as typed: "llama" finds the four Llama ids, "lama" the three
      // whose word is llama, "bert mistrl" (no id holds both) nothing.
      expect((await ids({ search: "llama" })).length).toBe(4);
      expect(await ids({ search: "lama" })).toEqual([
        "meta-llama/Llama-3.1-8B-Instruct",
        "bartowski/Llama-3.1-8B-GGUF",
        "meta-llama/Llama-3.1-8B",
      ]);
      expect(await ids({ search: "bert mistrl" })).toEqual([]);
    });

    it("pages through every match exactly once, across tiers", async () => {
      const seen: string[] = [];
      let page = await store.search({ ...base, search: "gpt2", limit: 1 });
      seen.push(...page.models.map((model) => model.id));
      while (page.next !== undefined) {
        page = await store.search({ ...base, search: "gpt2", limit: 1, cursor: page.next });
        seen.push(...page.models.map((model) => model.id));
      }
      expect(seen).toEqual(await ids({ search: "gpt2" }));
    });

    it("keeps filters and private repositories out of every tier", async () => {
      expect(await ids({ search: "secret-model" })).toEqual(["other/secret-model-v2"]);
      expect(
        await ids({ search: "secret-model", privateScope: { kind: "namespaces", namespaces: ["hidden"] } }),
      ).toEqual(["hidden/secret-model", "other/secret-model-v2"]);
      expect(await ids({ search: "gpt2", author: "jbloom" })).toEqual(["jbloom/GPT2-Small-SAEs-Reformatted"]);
      expect(await ids({ search: "secrt" })).toEqual(["other/secret-model-v2"]);
    });

    it("ranks datasets and spaces the same way", async () => {
      const rows = await store.searchRows("dataset", { ...base, search: "bert-base-uncased" }, false);
      expect(rows.rows.map((row) => row.id)).toEqual(["google-bert/bert-base-uncased"]);
    });

    it("gives the rows indexed before the typo keys their keys at open", async () => {
      await store.db.query(
        `UPDATE hub_models SET search = array_to_tsvector(ARRAY(
           SELECT lexeme FROM unnest(tsvector_to_array(search)) AS lexeme WHERE lexeme !~ '[=~-]'))`,
      );
      await store.db.query("DELETE FROM hub_meta WHERE key LIKE 'search_typo_keys:%'");
      expect(await ids({ search: "mistrl" })).toEqual([]);
      await backfillTypoKeys(store.db);
      expect(await ids({ search: "mistrl" })).toEqual(["mistralai/Mistral-7B-v0.1"]);
    });

    it("takes hostile search text as words", async () => {
      for (const search of ["' OR 1=1 --", "%", "_", "a\\b", "x".repeat(250), "/", "a/b/c", "-lama", "lama~1"])
        expect(Array.isArray(await ids({ search })), search).toBe(true);
      // No word at all is no search: the whole listing, as before.
      expect(await ids({ search: "%" })).toEqual(await ids({}));
    });
  });
}

// Through the HTTP API of a real hub whose seed became repositories: the raw listing (and its cursor across tiers),
// the quick search, and huggingface_hub's list_models / list_datasets / list_spaces.
describe("search ranking through the API", () => {
  const publicRecords = RECORDS.filter((record) => record.private !== true);
  let hub: ListingHub;
  beforeAll(async () => {
    hub = await startListingHub("search-ranking", {
      models: publicRecords,
      datasets: [
        { id: "someone/squad-extended", downloads: 90 },
        { id: "rajpurkar/squad", downloads: 5 },
      ],
      spaces: [
        { id: "someone/gpt2-playground", downloads: 90, sdk: "static" },
        { id: "demo/gpt2", downloads: 1, sdk: "static" },
      ],
    });
  }, 240_000);
  afterAll(async () => hub?.close(), 60_000);

  const listed = async (path: string) => {
    const response = await fetch(`${hub.url}${path}`);
    expect(response.status, path).toBe(200);
    return {
      ids: ((await response.json()) as { id: string }[]).map((row) => row.id),
      next: /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("link") ?? "")?.[1],
    };
  };

  it("ranks the raw listing and pages across tiers", async () => {
    expect((await listed("/api/models?search=gpt2")).ids).toEqual([
      "openai-community/gpt2",
      "fork/gpt2",
      "jbloom/GPT2-Small-SAEs-Reformatted",
      "someone/gpt2-finetuned",
    ]);
    expect((await listed("/api/models?search=lama%203")).ids[0]).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect((await listed("/api/datasets?search=squad")).ids).toEqual(["rajpurkar/squad", "someone/squad-extended"]);
    expect((await listed("/api/spaces?search=gpt2")).ids).toEqual(["demo/gpt2", "someone/gpt2-playground"]);
    const seen: string[] = [];
    let page = await listed("/api/models?search=gpt2&limit=1");
    seen.push(...page.ids);
    while (page.next !== undefined) {
      const next = new URL(page.next);
      page = await listed(`${next.pathname}${next.search}`);
      seen.push(...page.ids);
    }
    expect(seen).toEqual((await listed("/api/models?search=gpt2")).ids);
    const bad = await fetch(
      `${hub.url}/api/models?search=gpt2&cursor=${Buffer.from('["1","a/b",99]').toString("base64url")}`,
    );
    expect(bad.status).toBe(400);
  });

  it("ranks the quick search, the legacy id's canonical repository first", async () => {
    const answer = (await (await fetch(`${hub.url}/api/quicksearch?q=gpt2`)).json()) as { models: { id: string }[] };
    expect(answer.models[0]?.id).toBe("openai-community/gpt2");
    const typo = (await (await fetch(`${hub.url}/api/quicksearch?q=mistrl`)).json()) as { models: { id: string }[] };
    expect(typo.models.map((model) => model.id)).toEqual(["mistralai/Mistral-7B-v0.1"]);
  });

  describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
    it("list_models(search=…) gets the same order", async () => {
      const result = await pythonJson<Record<string, string[]>>(
        version,
        hub,
        `
import json
from huggingface_hub import HfApi
api = HfApi()
print(json.dumps({
  "gpt2": [m.id for m in api.list_models(search="gpt2")],
  "llama": [m.id for m in api.list_models(search="Llama-3.1-8B")],
  "typo": [m.id for m in api.list_models(search="lama 3", limit=2)],
  "datasets": [d.id for d in api.list_datasets(search="squad")],
}))
`,
      );
      expect(result.gpt2).toEqual([
        "openai-community/gpt2",
        "fork/gpt2",
        "jbloom/GPT2-Small-SAEs-Reformatted",
        "someone/gpt2-finetuned",
      ]);
      expect(result.llama?.[0]).toBe("meta-llama/Llama-3.1-8B");
      expect(result.typo).toEqual(["meta-llama/Llama-3.1-8B-Instruct", "someone/Meta-Llama3-8B-GGUF"]);
      expect(result.datasets).toEqual(["rajpurkar/squad", "someone/squad-extended"]);
    });
  });
});
