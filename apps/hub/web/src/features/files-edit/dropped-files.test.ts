import { describe, expect, test } from "vitest";
import {
  type DropEntry,
  dropNotice,
  MAX_DROP_DEPTH,
  MAX_DROP_ENTRIES,
  MAX_DROPPED_FILES,
  walkDropEntries,
} from "./dropped-files";
import { clearDrop, leaveDrop, pendingDrop } from "./pending-drop";

// Entries shaped like the browser's FileSystemFileEntry / FileSystemDirectoryEntry; a folder's reader answers in
// batches of `batch` as Chromium's readEntries does (about 100 at a time), then an empty batch.
function file(name: string, text = name): DropEntry {
  return {
    name,
    isFile: true,
    isDirectory: false,
    file: (done: (value: File) => void) => done(new File([text], name)),
  } as DropEntry;
}
function folder(name: string, children: DropEntry[], batch = 100): DropEntry {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (done: (entries: DropEntry[]) => void) => {
          const part = children.slice(at, at + batch);
          at += part.length;
          done(part);
        },
      };
    },
  } as DropEntry;
}

describe("walkDropEntries", () => {
  test("keeps relative paths, reads every batch of a folder, skips .git", async () => {
    const many = Array.from({ length: 250 }, (_, index) => file(`f${index}.txt`));
    const drop = await walkDropEntries([
      file("top.txt"),
      folder("samples", [
        file("a.txt"),
        folder("deep", [file("b.txt", "bee")]),
        folder(".git", [file("HEAD"), folder("objects", [file("x")])]),
        folder("many", many, 100),
      ]),
    ]);
    const names = drop.files.map((entry) => entry.name);
    expect(names.slice(0, 3)).toEqual(["top.txt", "samples/a.txt", "samples/deep/b.txt"]);
    expect(names).toHaveLength(3 + 250);
    expect(names).toContain("samples/many/f249.txt");
    expect(names.some((name) => name.includes(".git"))).toBe(false);
    expect(await drop.files[2]?.file.text()).toBe("bee");
    expect(drop).toMatchObject({ leftOut: 0, skippedGit: 1 });
    expect(dropNotice(drop)).toBe("From what you dropped, the .git folder was skipped.");
  });

  test("bounded in count: files past MAX_DROPPED_FILES are left out and counted", async () => {
    const drop = await walkDropEntries([
      folder(
        "big",
        Array.from({ length: MAX_DROPPED_FILES + 7 }, (_, index) => file(`${index}.bin`)),
      ),
    ]);
    expect(drop.files).toHaveLength(MAX_DROPPED_FILES);
    expect(drop.leftOut).toBe(7);
    expect(dropNotice(drop)).toContain("7 items were left out");
  });

  test("bounded in depth: folders below MAX_DROP_DEPTH are not entered", async () => {
    let deepest = folder("bottom", [file("deep.txt")]);
    for (let level = 0; level < MAX_DROP_DEPTH + 5; level++) deepest = folder(`d${level}`, [deepest]);
    const drop = await walkDropEntries([file("shallow.txt"), deepest]);
    expect(drop.files.map((entry) => entry.name)).toEqual(["shallow.txt"]);
    expect(drop.leftOut).toBe(1);
  });

  test("bounded in entries read: a folder of only .git folders stops the walk", async () => {
    let reads = 0;
    const endless: DropEntry = {
      name: "endless",
      isFile: false,
      isDirectory: true,
      createReader: () => ({
        // A reader that never ends: each batch another 100 skipped entries.
        readEntries: (done: (entries: DropEntry[]) => void) => {
          reads += 1;
          done(Array.from({ length: 100 }, () => folder(".git", [])));
        },
      }),
    } as DropEntry;
    const drop = await walkDropEntries([endless]);
    expect(drop.files).toHaveLength(0);
    expect(reads).toBeLessThanOrEqual(MAX_DROP_ENTRIES / 100 + 1);
  });

  test("an unreadable file is left out, not a failure", async () => {
    const broken = {
      name: "gone.txt",
      isFile: true,
      isDirectory: false,
      file: (_done: unknown, fail: (error: unknown) => void) => fail(new Error("NotFoundError")),
    } as DropEntry;
    const drop = await walkDropEntries([broken, file("ok.txt")]);
    expect(drop.files.map((entry) => entry.name)).toEqual(["ok.txt"]);
    expect(drop.leftOut).toBe(1);
  });
});

describe("pending drop (Files tab → upload page)", () => {
  test("given only to the page it was left for, until cleared", async () => {
    const drop = await walkDropEntries([file("x.txt")]);
    leaveDrop("model:a/b", "main", "data", drop);
    expect(pendingDrop("model:a/b", "main", "")).toBeUndefined();
    expect(pendingDrop("dataset:a/b", "main", "data")).toBeUndefined();
    expect(pendingDrop("model:a/b", "main", "data")).toBe(drop);
    clearDrop();
    expect(pendingDrop("model:a/b", "main", "data")).toBeUndefined();
  });
});
