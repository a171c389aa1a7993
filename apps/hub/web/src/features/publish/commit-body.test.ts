import { describe, expect, test } from "vitest";
import { buildCommitBody, bytesToBase64, inlineProgress, repoPathFor } from "./commit-body";

describe("repoPathFor", () => {
  test("joins a folder and a name, trimming slashes", () => {
    expect(repoPathFor("", "README.md")).toEqual({ path: "README.md" });
    expect(repoPathFor("/weights/", "model.bin")).toEqual({ path: "weights/model.bin" });
    expect(repoPathFor("a/b", "c.txt")).toEqual({ path: "a/b/c.txt" });
  });
  test("refuses paths the server would refuse", () => {
    for (const [folder, name] of [
      ["..", "x"],
      ["a//b", "x"],
      ["a/./b", "x"],
      [".git", "config"],
      ["", "a\\b"],
      ["", "bad\u0000name"],
      ["x".repeat(1000), "y"],
    ])
      expect(repoPathFor(folder as string, name as string)).toHaveProperty("error");
  });
});

describe("bytesToBase64", () => {
  test("matches the platform's base64, also past one chunk", () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
    expect(bytesToBase64(new Uint8Array())).toBe("");
  });
});

describe("buildCommitBody", () => {
  test("header, inline files, LFS pointers and deletions as NDJSON lines", () => {
    const { body, ranges } = buildCommitBody(
      "Add files",
      "why",
      [{ path: "README.md", base64: "IyBoaQ==" }],
      [{ path: "big.bin", oid: "a".repeat(64), size: 12 }],
      ["old.txt"],
    );
    const lines = body.split("\n").map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { key: "header", value: { summary: "Add files", description: "why" } },
      { key: "file", value: { path: "README.md", content: "IyBoaQ==", encoding: "base64" } },
      { key: "lfsFile", value: { path: "big.bin", algo: "sha256", oid: "a".repeat(64), size: 12 } },
      { key: "deletedFile", value: { path: "old.txt" } },
    ]);
    const [range] = ranges;
    expect(range?.path).toBe("README.md");
    expect(JSON.parse(body.slice(range?.start, range?.end))).toEqual(lines[1]);
  });

  test("ranges are UTF-8 byte offsets (what upload progress counts)", () => {
    const { body, ranges } = buildCommitBody(
      "résumé ✓",
      "",
      [
        { path: "é/a.txt", base64: "YQ==" },
        { path: "b.txt", base64: "Yg==" },
      ],
      [],
    );
    const bytes = new TextEncoder().encode(body);
    for (const range of ranges)
      expect(JSON.parse(new TextDecoder().decode(bytes.slice(range.start, range.end))).value.path).toBe(range.path);
    const progress = inlineProgress(ranges, ranges[0]?.end ?? 0);
    expect(progress.get("é/a.txt")).toBe(1);
    expect(progress.get("b.txt")).toBe(0);
  });
});
