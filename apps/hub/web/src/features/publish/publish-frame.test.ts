import { describe, expect, test } from "vitest";
import { revAndPath } from "./publish-frame";

describe("revAndPath", () => {
  test("the revision is one encoded segment; the rest is the path", () => {
    expect(revAndPath(undefined)).toEqual({ rev: "main", path: "" });
    expect(revAndPath("main")).toEqual({ rev: "main", path: "" });
    expect(revAndPath("refs%2Fpr%2F1/docs/a%20b.md")).toEqual({ rev: "refs/pr/1", path: "docs/a b.md" });
  });
  test("a malformed escape is no address", () => {
    expect(revAndPath("main/%E0%A4%A")).toBeUndefined();
  });
});
