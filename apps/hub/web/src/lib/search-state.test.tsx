import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { apiQueryFromPage, hasFilters } from "../features/models/model-search";
import { modelApiPath, modelPath, nextCursorFromLink } from "./api";
import { hrefWith, useSearchState, withParams } from "./search-state";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

describe("query-string state", () => {
  test("withParams sets, replaces and removes keys without touching the others", () => {
    const next = withParams(new URLSearchParams("q=llama&sort=likes&cursor=abc"), {
      q: "qwen",
      cursor: undefined,
      tag: "",
    });
    expect(next.toString()).toBe("q=qwen&sort=likes");
    expect(hrefWith("/models", new URLSearchParams())).toBe("/models");
    expect(hrefWith("/models", next)).toBe("/models?q=qwen&sort=likes");
  });

  test("the hook reads the URL and writes it back; history entries only when asked", () => {
    window.history.replaceState(null, "", "/models?q=a");
    let api: ReturnType<typeof useSearchState> | undefined;
    function Probe() {
      api = useSearchState();
      return <output>{api.params.toString()}</output>;
    }
    render(<Probe />);
    expect(screen.getByRole("status").textContent).toBe("q=a");
    const length = window.history.length;
    act(() => api?.setParams({ q: "ab" }, { replace: true }));
    expect(window.location.search).toBe("?q=ab");
    expect(window.history.length).toBe(length);
    act(() => api?.setParams({ pipeline_tag: "text-generation" }));
    expect(window.location.pathname + window.location.search).toBe("/models?q=ab&pipeline_tag=text-generation");
    expect(window.history.length).toBe(length + 1);
    expect(screen.getByRole("status").textContent).toBe("q=ab&pipeline_tag=text-generation");
  });
});

describe("models page ↔ API", () => {
  test("page parameters map to the API's names; empty ones are dropped", () => {
    const page = new URLSearchParams(
      "q= llama &pipeline_tag=text-generation&library=&provider=together&tag=gguf&sort=likes&cursor=XYZ&junk=1",
    );
    expect(apiQueryFromPage(page)).toBe(
      "/api/models?search=llama&pipeline_tag=text-generation&inference_provider=together&filter=gguf&sort=likes&cursor=XYZ&limit=30",
    );
    // no sort chosen: the page asks for its default, Trending, by name (issue 20 point 3)
    expect(apiQueryFromPage(new URLSearchParams(), 5)).toBe("/api/models?sort=trendingScore&limit=5");
    expect(hasFilters(new URLSearchParams("sort=likes&cursor=1"))).toBe(false);
    expect(hasFilters(new URLSearchParams("library=diffusers"))).toBe(true);
  });

  test("the next cursor comes from the Link header", () => {
    expect(nextCursorFromLink('</api/models?limit=2&cursor=WyItMSJd>; rel="next"')).toBe("WyItMSJd");
    expect(nextCursorFromLink('</api/models?x=1>; rel="prev"')).toBeUndefined();
    expect(nextCursorFromLink(null)).toBeUndefined();
  });

  test("model paths encode each part of the id", () => {
    expect(modelPath("Qwen/Qwen2.5-7B-Instruct")).toBe("/models/Qwen/Qwen2.5-7B-Instruct");
    expect(modelApiPath("a b/c", ["inferenceProviderMapping"])).toBe(
      "/api/models/a%20b/c?expand[]=inferenceProviderMapping",
    );
  });
});
