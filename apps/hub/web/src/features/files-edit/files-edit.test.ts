import { describe, expect, test } from "vitest";
import { editPagePath, folderOf } from "./edit-paths";
import { isEmptyRepo } from "./empty-repo-help";
import { browserEditable } from "./file-editable";

describe("editPagePath", () => {
  test("the hub's addresses, each segment encoded, the revision one segment", () => {
    expect(editPagePath({ type: "model", id: "a/b" }, "new", "main", "")).toBe("/a/b/new/main");
    expect(editPagePath({ type: "dataset", id: "a/b" }, "upload", "main", "data/x y")).toBe(
      "/datasets/a/b/upload/main/data/x%20y",
    );
    expect(editPagePath({ type: "space", id: "a/b" }, "edit", "refs/pr/1", "app.py")).toBe(
      "/spaces/a/b/edit/refs%2Fpr%2F1/app.py",
    );
    expect(editPagePath({ type: "model", id: "a/b" }, "delete", "main", "d/#?.txt")).toBe(
      "/a/b/delete/main/d/%23%3F.txt",
    );
  });
  test("folderOf", () => {
    expect(folderOf("a.txt")).toBe("");
    expect(folderOf("docs/deep/a.md")).toBe("docs/deep");
  });
});

describe("isEmptyRepo", () => {
  test("no files, or only .gitattributes", () => {
    expect(isEmptyRepo([])).toBe(true);
    expect(isEmptyRepo([".gitattributes"])).toBe(true);
    expect(isEmptyRepo([".gitattributes", "README.md"])).toBe(false);
    expect(isEmptyRepo(["docs/.gitattributes"])).toBe(false);
  });
});

describe("browserEditable", () => {
  test("small text in git: yes; LFS, large, media and weights: no", () => {
    expect(browserEditable({ path: "config.json", size: 100 })).toBe(true);
    expect(browserEditable({ path: "docs/guide.md", size: 100 })).toBe(true);
    expect(browserEditable({ path: "Dockerfile", size: 100 })).toBe(true);
    expect(browserEditable({ path: "big.txt", size: 2 * 1024 * 1024 })).toBe(false);
    expect(browserEditable({ path: "notes.txt", size: 100, lfs: { oid: "x", size: 100, pointerSize: 130 } })).toBe(
      false,
    );
    for (const path of ["model.safetensors", "model.gguf", "pytorch_model.bin", "photo.png", "data.parquet"])
      expect(browserEditable({ path, size: 100 }), path).toBe(false);
  });
});
