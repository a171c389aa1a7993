import { describe, expect, it } from "vitest";
import { withParams } from "../../lib/search-state";
import { groupSplits, pageInfo, pickSplit, readViewerState, viewerChanges } from "./viewer-url-state";

const read = (query: string) => readViewerState(new URLSearchParams(query));
const apply = (query: string, changes: Record<string, string | undefined>) =>
  withParams(new URLSearchParams(query), changes).toString();

describe("readViewerState", () => {
  it("reads the subset, split, offset, search and filter", () => {
    expect(read("config=en&split=test&offset=200&where=%22a%22+%3E+1&orderby=%22a%22+DESC")).toEqual({
      config: "en",
      split: "test",
      offset: 200,
      where: '"a" > 1',
      orderby: '"a" DESC',
    });
    expect(read("q=hello")).toEqual({ offset: 0, query: "hello" });
  });

  it("treats a missing, negative, fractional or huge offset as 0, and blank values as absent", () => {
    for (const offset of ["", "-100", "1.5", "1e3", "abc", "99999999999999999"])
      expect(read(`offset=${offset}`).offset).toBe(0);
    expect(read("config=&split=%20&q=%20%20")).toEqual({ offset: 0 });
  });

  it("lets a search win over a filter (the service answers one or the other)", () => {
    expect(read("q=x&where=%22a%22%3D1&orderby=%22a%22")).toEqual({ offset: 0, query: "x" });
  });

  it("bounds the length of a search or filter taken from the URL", () => {
    expect(read(`q=${"a".repeat(5000)}`).query).toHaveLength(2000);
  });
});

describe("viewerChanges", () => {
  const start = "config=en&split=test&offset=300&where=%22a%22%3D1&orderby=%22a%22+ASC&other=kept";

  it("a new subset starts over: split, offset, search and filter removed; other keys kept", () => {
    expect(apply(start, viewerChanges({ kind: "config", config: "fr" }))).toBe("config=fr&other=kept");
  });

  it("a new split keeps the filter and starts at the first row", () => {
    expect(apply(start, viewerChanges({ kind: "split", split: "train" }))).toBe(
      "config=en&split=train&where=%22a%22%3D1&orderby=%22a%22+ASC&other=kept",
    );
  });

  it("paging sets the offset; offset 0 leaves it out of the URL", () => {
    expect(apply("split=test", viewerChanges({ kind: "offset", offset: 100 }))).toBe("split=test&offset=100");
    expect(apply("split=test&offset=100", viewerChanges({ kind: "offset", offset: 0 }))).toBe("split=test");
  });

  it("a search replaces the filter, a filter replaces the search, both restart paging", () => {
    expect(apply(start, viewerChanges({ kind: "search", query: " cats " }))).toBe(
      "config=en&split=test&other=kept&q=cats",
    );
    expect(apply("q=cats&offset=100", viewerChanges({ kind: "filter", where: '"n" > 2', orderby: "" }))).toBe(
      "where=%22n%22+%3E+2",
    );
    expect(apply(start, viewerChanges({ kind: "search", query: "  " }))).toBe("config=en&split=test&other=kept");
    expect(apply(`${start}&q=x`, viewerChanges({ kind: "clear" }))).toBe("config=en&split=test&other=kept");
  });

  it("round-trips: what a change writes, readViewerState reads back", () => {
    const query = apply("", viewerChanges({ kind: "filter", where: `"it's" = 'a&b'`, orderby: '"n" DESC' }));
    expect(read(query)).toEqual({ offset: 0, where: `"it's" = 'a&b'`, orderby: '"n" DESC' });
  });
});

describe("splits and pages", () => {
  const splits = [
    { dataset: "d", config: "en", split: "train" },
    { dataset: "d", config: "en", split: "test" },
    { dataset: "d", config: "fr", split: "train" },
  ];

  it("groups splits by subset in the service's order and picks the URL's or the first", () => {
    const groups = groupSplits(splits);
    expect(groups).toEqual([
      { config: "en", splits: ["train", "test"] },
      { config: "fr", splits: ["train"] },
    ]);
    expect(pickSplit(groups, {})).toEqual({ config: "en", split: "train" });
    expect(pickSplit(groups, { config: "fr", split: "test" })).toEqual({ config: "fr", split: "train" });
    expect(pickSplit(groups, { config: "nope", split: "test" })).toEqual({ config: "en", split: "test" });
    expect(pickSplit([], {})).toBeUndefined();
  });

  it("places a page among all rows", () => {
    expect(pageInfo(0, 100, 100, 250)).toEqual({ first: 1, last: 100, next: 100, lastPage: 200 });
    expect(pageInfo(100, 100, 100, 250)).toEqual({ first: 101, last: 200, previous: 0, next: 200, lastPage: 200 });
    expect(pageInfo(200, 100, 50, 250)).toEqual({ first: 201, last: 250, previous: 100 });
    expect(pageInfo(0, 100, 7, 7)).toEqual({ first: 1, last: 7 });
    // An offset past the end (an old link): nothing shown, "previous" goes to the last page.
    expect(pageInfo(900, 100, 0, 250)).toEqual({ first: 0, last: 900, previous: 200 });
  });
});
