import { expect, test } from "vitest";
import { mediaKindOfPath, repoMediaPath, typeRepoMediaColumns } from "./repo-media";

const files = new Set(["train/a.png", "b.wav", "train/metadata.csv"]);

test("a cell names a media file of the repository, relative to the data file or to the root", () => {
  expect(repoMediaPath("a.png", "train/metadata.csv", files)).toBe("train/a.png");
  expect(repoMediaPath("./a.png", "train/metadata.csv", files)).toBe("train/a.png");
  expect(repoMediaPath("b.wav", "train/metadata.csv", files)).toBe("b.wav");
  expect(repoMediaPath("c.png", "train/metadata.csv", files)).toBeUndefined();
  expect(repoMediaPath("metadata.csv", "train/metadata.csv", files)).toBeUndefined();
  expect(repoMediaPath("https://elsewhere/a.png", "train/metadata.csv", files)).toBeUndefined();
  expect(repoMediaPath(3, "x.csv", files)).toBeUndefined();
  expect(mediaKindOfPath("x.JPG")).toBe("image");
  expect(mediaKindOfPath("x.flac")).toBe("audio");
});

test("a column is typed image or audio only when every cell names such a file", () => {
  const columns = [
    { name: "img", type: "string" },
    { name: "mixed", type: "string" },
    { name: "n", type: "int" },
  ];
  const rows = [
    { img: "a.png", mixed: "a.png", n: 1 },
    { img: "", mixed: "b.wav", n: 2 },
  ];
  expect(typeRepoMediaColumns(columns, rows, "train/metadata.csv", files)).toEqual([
    { name: "img", type: "image" },
    { name: "mixed", type: "string" },
    { name: "n", type: "int" },
  ]);
});
