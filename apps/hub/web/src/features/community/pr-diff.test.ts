import { expect, test } from "vitest";
import { MAX_FILES, parseDiff } from "./pr-diff";

test("splits a git diff into files with their status and hunks", () => {
  const diff = [
    "diff --git a/new.txt b/new.txt",
    "new file mode 100644",
    "index 0000000..ce01362",
    "--- /dev/null",
    "+++ b/new.txt",
    "@@ -0,0 +1 @@",
    "+hello",
    "diff --git a/gone.txt b/gone.txt",
    "deleted file mode 100644",
    "--- a/gone.txt",
    "+++ /dev/null",
    "@@ -1 +0,0 @@",
    "-bye",
    "diff --git a/old.md b/new.md",
    "similarity index 100%",
    "rename from old.md",
    "rename to new.md",
    "diff --git a/w.bin b/w.bin",
    "Binary files a/w.bin and b/w.bin differ",
    "",
  ].join("\n");
  const { files, truncated } = parseDiff(diff);
  expect(truncated).toBe(false);
  expect(files.map((f) => [f.path, f.status, f.binary])).toEqual([
    ["new.txt", "added", false],
    ["gone.txt", "deleted", false],
    ["new.md", "renamed", false],
    ["w.bin", "modified", true],
  ]);
  expect(files[0]?.patch).toBe("@@ -0,0 +1 @@\n+hello");
  expect(files[2]?.oldPath).toBe("old.md");
  expect(files[2]?.patch).toBe("");
});

test("a huge diff is bounded in files and characters", () => {
  const many = Array.from({ length: MAX_FILES + 5 }, (_, i) => `diff --git a/f${i} b/f${i}\n@@ -1 +1 @@\n-a\n+b`);
  const parsed = parseDiff(many.join("\n"));
  expect(parsed.files).toHaveLength(MAX_FILES);
  expect(parsed.truncated).toBe(true);
  expect(parseDiff(`diff --git a/x b/x\n@@ -1 +1 @@\n+${"x".repeat(2_100_000)}`).truncated).toBe(true);
  expect(parseDiff("not a diff at all").files).toEqual([]);
});
