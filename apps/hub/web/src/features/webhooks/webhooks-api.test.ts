import { describe, expect, test } from "vitest";
import { parseWatched, watchedText } from "./webhooks-api";

describe("parseWatched", () => {
  test("reads typed lines, bare users and bare repositories; skips blank lines", () => {
    expect(parseWatched("alice\n\norg: acme\nalice/model\ndataset:alice/data\n")).toEqual({
      items: [
        { type: "user", name: "alice" },
        { type: "org", name: "acme" },
        { type: "model", name: "alice/model" },
        { type: "dataset", name: "alice/data" },
      ],
    });
  });

  test("refuses unknown types, empty names and an empty list", () => {
    expect(parseWatched("galaxy:far")).toHaveProperty("problem");
    expect(parseWatched("space:")).toHaveProperty("problem");
    expect(parseWatched(" \n ")).toHaveProperty("problem");
  });

  test("writes items back the way it reads them", () => {
    expect(watchedText({ type: "space", name: "alice/app" })).toBe("space:alice/app");
  });
});
