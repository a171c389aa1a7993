import { describe, expect, test } from "vitest";
import { isValidNamespace } from "../../../../server/src/repos/repo-ref";
import { RESERVED_NAMESPACES } from "../../../../shared/reserved-names";
import { matchRoute } from "../../routes";
import { frontMatterRows, stripFrontMatter } from "./front-matter";
import { repoChips } from "./repo-tags";
import { breadcrumbs, formatBytes, parseRepoView, repoApiPath, repoPagePath, resolveUrl } from "./repo-url";

describe("repository URLs", () => {
  const model = { type: "model" as const, id: "alice/demo" };
  const dataset = { type: "dataset" as const, id: "alice/rows" };

  test("pages, API and files as the hub spells them", () => {
    expect(repoPagePath(model)).toBe("/alice/demo");
    expect(repoPagePath(dataset, { kind: "tree", rev: "main", path: "" })).toBe("/datasets/alice/rows/tree/main");
    expect(repoPagePath(model, { kind: "blob", rev: "feature/x", path: "a b/c.md" })).toBe(
      "/alice/demo/blob/feature%2Fx/a%20b/c.md",
    );
    expect(repoPagePath(model, { kind: "commits", rev: "main" })).toBe("/alice/demo/commits/main");
    expect(repoApiPath(dataset, "/refs")).toBe("/api/datasets/alice/rows/refs");
    expect(resolveUrl(model, "main", "w.bin", true)).toBe("/alice/demo/resolve/main/w.bin?download=true");
  });

  test("parseRepoView reads what repoPagePath writes", () => {
    for (const view of [
      { kind: "card" },
      { kind: "tree", rev: "main", path: "" },
      { kind: "tree", rev: "v1.0", path: "a/b" },
      { kind: "blob", rev: "feature/x", path: "dir/file name.json" },
      { kind: "commits", rev: "refs/pr/1" },
      { kind: "commit", sha: "0123456789abcdef0123456789abcdef01234567" },
    ] as const) {
      const path = repoPagePath(model, view);
      const rest = path.slice("/alice/demo".length + 1);
      expect(parseRepoView(rest)).toEqual(view);
    }
    expect(parseRepoView("settings")).toBeUndefined();
    expect(parseRepoView("blob/main")).toBeUndefined();
    expect(parseRepoView("tree/%E0%A4%A")).toBeUndefined();
  });

  test("breadcrumbs and sizes", () => {
    expect(breadcrumbs("a/b/c")).toEqual([
      { name: "a", path: "a" },
      { name: "b", path: "a/b" },
      { name: "c", path: "a/b/c" },
    ]);
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(12 * 1024 * 1024)).toBe("12.0 MB");
  });
});

describe("routes", () => {
  test("repository pages of the three types, with sub-pages kept encoded", () => {
    expect(matchRoute("/alice/demo")?.params).toEqual({ owner: "alice", name: "demo" });
    expect(matchRoute("/datasets/alice/rows/tree/main/a%2Fb")?.params).toEqual({
      owner: "alice",
      name: "rows",
      rest: "tree/main/a%2Fb",
    });
    expect(matchRoute("/spaces/alice/app/commit/abc")?.route.pattern).toBe("/spaces/:owner/:name/*rest");
    expect(matchRoute("/alice/demo/not-a-section")).toBeUndefined();
  });

  test("the site's sections are never taken for an owner", () => {
    for (const section of ["tasks", "libraries", "playground", "gguf", "settings", "Tasks", "api"])
      expect(matchRoute(`/${section}/a/b`), section).toBeUndefined();
    expect(matchRoute("/models/alice/demo")?.route.pattern).toBe("/models/:namespace/:name");
  });

  test("a name the server refuses as an owner is never read as one by the router", () => {
    // Both sides read the one shared list; this checks each side really consults it (in any letter case).
    for (const name of RESERVED_NAMESPACES) {
      for (const spelling of [name, name.toUpperCase()]) {
        expect(isValidNamespace(spelling), spelling).toBe(false);
        expect(matchRoute(`/${spelling}`)?.route.pattern, spelling).not.toBe("/:name");
        expect(matchRoute(`/${spelling}/a/b`)?.route.pattern, spelling).not.toBe("/:owner/:name");
      }
    }
    expect(isValidNamespace("alice")).toBe(true);
    expect(matchRoute("/alice")?.route.pattern).toBe("/:name");
  });
});

describe("front matter and chips", () => {
  test("front matter is cut only when closed", () => {
    expect(stripFrontMatter("---\na: 1\n---\n# Hi")).toBe("# Hi");
    expect(stripFrontMatter("\uFEFF---\r\na: 1\r\n---\r\n\r\nbody")).toBe("\r\nbody");
    expect(stripFrontMatter("---\nnever closed")).toBe("---\nnever closed");
    expect(frontMatterRows({ license: "mit", language: ["en", "fr"], extra: { a: 1 } })).toEqual([
      ["license", "mit"],
      ["language", "en, fr"],
      ["extra", '{"a":1}'],
    ]);
    expect(frontMatterRows(["not", "an", "object"])).toEqual([]);
  });

  test("tags become typed chips linking to their pages", () => {
    const chips = repoChips(
      { type: "model", id: "alice/demo" },
      {
        tags: [
          "transformers",
          "text-generation",
          "license:mit",
          "en",
          "dataset:bob/rows",
          "base_model:meta-llama/Llama-3.1-8B",
          "base_model:finetune:meta-llama/Llama-3.1-8B",
          "custom",
        ],
        pipeline_tag: "text-generation",
        library_name: "transformers",
        cardData: { language: ["en"] },
      },
    );
    expect(chips.map((c) => [c.kind, c.label, c.href])).toEqual([
      ["task", "text-generation", "/tasks/text-generation"],
      ["library", "transformers", "/models?library=transformers"],
      ["license", "mit", "/models?license=mit"],
      ["language", "en", "/models?language=en"],
      ["dataset", "bob/rows", "/datasets/bob/rows"],
      ["base_model", "meta-llama/Llama-3.1-8B", "/meta-llama/Llama-3.1-8B"],
      ["tag", "custom", "/models?other=custom"],
    ]);
  });
});
