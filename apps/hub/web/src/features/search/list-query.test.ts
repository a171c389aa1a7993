import { describe, expect, test } from "vitest";
import { LISTS } from "./list-config";
import {
  clearedFilters,
  facetsApiQuery,
  facetValue,
  hasFilters,
  listApiQuery,
  pageValueOf,
  searchOf,
  tagFilterOf,
} from "./list-query";
import { groupOptions, matchingTasks, quickOptions } from "./quick-search-options";
import { timeAgo } from "./repo-row";

const page = (query: string) => new URLSearchParams(query);

describe("list pages ↔ API", () => {
  test("models: the hub's parameter names, tags as filters, aliases of older links", () => {
    expect(
      listApiQuery(LISTS.model, page("search=llama&license=mit&language=fr&inference_provider=together&sort=likes")),
    ).toBe("/api/models?search=llama&inference_provider=together&filter=license%3Amit&filter=fr&sort=likes&limit=30");
    expect(listApiQuery(LISTS.model, page("q=qwen&provider=novita&author=Qwen&other=gguf"), 5)).toBe(
      "/api/models?search=qwen&inference_provider=novita&author=Qwen&filter=gguf&sort=trendingScore&limit=5",
    );
    expect(searchOf(page("q=a&search=b"))).toBe("b");
    expect(facetValue(page("provider=x"), LISTS.model.facets[2] as (typeof LISTS.model.facets)[number])).toBe("x");
  });

  test("a page without a sort asks for its default, Trending, by name (the API's default is downloads)", () => {
    expect(listApiQuery(LISTS.model, page(""))).toBe("/api/models?sort=trendingScore&limit=30");
    expect(listApiQuery(LISTS.model, page("sort=%20"))).toBe("/api/models?sort=trendingScore&limit=30");
  });

  test("datasets and spaces: prefixed tags; spaces ask for card data", () => {
    expect(listApiQuery(LISTS.dataset, page("task_categories=text-classification&format=csv&cursor=abc"))).toBe(
      "/api/datasets?filter=task_categories%3Atext-classification&filter=format%3Acsv&sort=trendingScore&cursor=abc&limit=30",
    );
    expect(listApiQuery(LISTS.space, page("sdk=static"))).toBe(
      "/api/spaces?filter=static&sort=trendingScore&limit=30&cardData=true",
    );
  });

  test("size classes: the hub's range tags (with < and >) as filters, the page keeps the bare value", () => {
    expect(listApiQuery(LISTS.dataset, page("size_categories=1K%3Cn%3C10K"))).toBe(
      "/api/datasets?filter=size_categories%3A1K%3Cn%3C10K&sort=trendingScore&limit=30",
    );
    expect(facetsApiQuery(LISTS.model, page("parameters=%3C1B"))).toBe(
      "/api/web/facets/models?filter=parameters%3A%3C1B",
    );
    const size = LISTS.dataset.facets.find((f) => f.param === "size_categories");
    if (size === undefined) throw new Error("no size facet");
    expect(pageValueOf(size, "size_categories:n<1K")).toBe("n<1K");
  });

  test("facet counts ignore the sort and the page", () => {
    expect(facetsApiQuery(LISTS.model, page("sort=likes&cursor=x&pipeline_tag=fill-mask"))).toBe(
      "/api/web/facets/models?pipeline_tag=fill-mask",
    );
    expect(facetsApiQuery(LISTS.space, page(""))).toBe("/api/web/facets/spaces");
  });

  test("filters, clearing them, and the raw tag", () => {
    expect(hasFilters(LISTS.dataset, page("sort=likes&cursor=1"))).toBe(false);
    expect(hasFilters(LISTS.dataset, page("license=mit"))).toBe(true);
    expect(Object.keys(clearedFilters(LISTS.space))).toEqual(
      expect.arrayContaining(["search", "q", "cursor", "other", "tag", "sdk", "license", "author"]),
    );
    expect(tagFilterOf(page("tag=x"))).toEqual({ param: "tag", value: "x" });
    expect(tagFilterOf(page("sort=x"))).toBeUndefined();
    const license = LISTS.model.facets.find((f) => f.param === "license");
    if (license === undefined) throw new Error("no license facet");
    expect(pageValueOf(license, "license:apache-2.0")).toBe("apache-2.0");
  });

  test("time ago", () => {
    const now = Date.parse("2026-01-10T00:00:00Z");
    expect(timeAgo("2026-01-07T00:00:00Z", now)).toBe("3 days ago");
    expect(timeAgo("2026-01-09T23:59:50Z", now)).toBe("just now");
    expect(timeAgo("nonsense", now)).toBe("");
  });
});

describe("global search options", () => {
  const answer = {
    q: "ll",
    models: [{ id: "meta/llama" }],
    datasets: [{ id: "a/ll-data" }],
    spaces: [],
    users: [{ user: "lloyd", fullname: "Lloyd L." }],
    orgs: [{ name: "llm-org", fullname: "llm-org" }],
  };
  test("groups in a fixed order, then the list pages", () => {
    const options = quickOptions("ll", answer, [{ id: "fill-mask", name: "Fill-Mask" }]);
    expect(options.map((o) => o.href)).toEqual([
      "/meta/llama",
      "/datasets/a/ll-data",
      "/llm-org",
      "/lloyd",
      "/tasks/fill-mask",
      "/models?search=ll",
      "/datasets?search=ll",
      "/spaces?search=ll",
    ]);
    expect(options.find((o) => o.href === "/llm-org")?.detail).toBeUndefined();
    expect(options.find((o) => o.href === "/lloyd")?.detail).toBe("Lloyd L.");
    expect(groupOptions(options).map((g) => g.group)).toEqual([
      "Models",
      "Datasets",
      "Organizations",
      "Users",
      "Tasks",
      "Search",
    ]);
    expect(quickOptions("  ", answer, [])).toEqual([]);
    expect(quickOptions("a b&c", undefined, []).at(-1)?.href).toBe("/spaces?search=a%20b%26c");
  });
  test("tasks match by id or name, at most five", () => {
    const tasks = Array.from({ length: 9 }, (_, i) => ({ id: `text-${i}`, name: `Text ${i}` }));
    expect(matchingTasks("TEXT", tasks)).toHaveLength(5);
    expect(matchingTasks("text 3", tasks).map((t) => t.id)).toEqual(["text-3"]);
  });
});
