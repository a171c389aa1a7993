import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TASKS_DATA } from "../../src/tasks/index.js";
import type { TaskData } from "../../src/tasks/types.js";
import { ASSETS_DIR, PACKAGE_DIR } from "./task-fixtures.js";

const pages = Object.values(TASKS_DATA).filter((data): data is TaskData => data !== undefined);

/** Every (task, filename) pair that a demo names. */
const referenced = pages.flatMap((data) =>
  [...data.demo.inputs, ...data.demo.outputs].flatMap((entry) =>
    entry.type === "audio" || entry.type === "img" ? [{ task: data.id, filename: entry.filename }] : [],
  ),
);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("demo assets", () => {
  it("exist on disk for every media entry of every demo", () => {
    expect(referenced.length).toBeGreaterThan(30);
    for (const { task, filename } of referenced) {
      expect(existsSync(join(ASSETS_DIR, task, filename)), `${task}/${filename}`).toBe(true);
    }
  });

  it("contain no file that no demo uses", () => {
    const expected = new Set(referenced.map(({ task, filename }) => join(ASSETS_DIR, task, filename)));
    expect(walk(ASSETS_DIR).filter((path) => !expected.has(path))).toEqual([]);
  });

  it("stay small enough to ship with the package (< 1.5 MB in all)", () => {
    const total = walk(ASSETS_DIR).reduce((sum, path) => sum + statSync(path).size, 0);
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });

  it("are valid WAV files (16-bit mono PCM, 0.5–5 s)", () => {
    const wavs = referenced.filter((r) => r.filename.endsWith(".wav"));
    expect(wavs.length).toBeGreaterThan(0);
    for (const { task, filename } of wavs) {
      const bytes = readFileSync(join(ASSETS_DIR, task, filename));
      expect(bytes.toString("ascii", 0, 4)).toBe("RIFF");
      expect(bytes.toString("ascii", 8, 12)).toBe("WAVE");
      expect(bytes.readUInt16LE(20), "PCM").toBe(1);
      expect(bytes.readUInt16LE(22), "mono").toBe(1);
      expect(bytes.readUInt16LE(34), "16-bit").toBe(16);
      const sampleRate = bytes.readUInt32LE(24);
      const dataBytes = bytes.readUInt32LE(40);
      expect(bytes.length).toBe(44 + dataBytes);
      const seconds = dataBytes / 2 / sampleRate;
      expect(seconds).toBeGreaterThan(0.5);
      expect(seconds).toBeLessThan(5);
    }
  });

  it("are valid PNG and SVG images", () => {
    const images = referenced.filter((r) => !r.filename.endsWith(".wav"));
    expect(images.some((r) => r.filename.endsWith(".png"))).toBe(true);
    expect(images.some((r) => r.filename.endsWith(".svg"))).toBe(true);
    for (const { task, filename } of images) {
      const bytes = readFileSync(join(ASSETS_DIR, task, filename));
      if (filename.endsWith(".png")) {
        expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        expect(bytes.toString("ascii", 12, 16)).toBe("IHDR");
      } else {
        expect(filename, `${task}/${filename}`).toMatch(/\.svg$/);
        const source = bytes.toString("utf8");
        expect(source.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), `${task}/${filename}`).toBe(true);
        expect(source.trim().endsWith("</svg>")).toBe(true);
        expect(source).toMatch(/viewBox="0 0 \d+ \d+"/);
      }
    }
  });
});

describe("demo asset generator", () => {
  it("reproduces the committed assets byte for byte (they are in sync with the demos)", () => {
    const outDir = mkdtempSync(join(tmpdir(), "hubkit-demo-assets-"));
    try {
      execFileSync(process.execPath, [join(PACKAGE_DIR, "scripts", "generate-demo-assets.mjs"), outDir], {
        stdio: "pipe",
      });
      const relative = (root: string) =>
        walk(root)
          .map((path) => path.slice(root.length + 1))
          .sort();
      expect(relative(outDir)).toEqual(relative(ASSETS_DIR));
      for (const path of relative(outDir)) {
        expect(readFileSync(join(outDir, path)).equals(readFileSync(join(ASSETS_DIR, path))), path).toBe(true);
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
