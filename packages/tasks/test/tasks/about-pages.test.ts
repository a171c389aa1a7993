import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TASKS_DATA_ORDER, TASKS_SOURCE_DIR } from "./task-fixtures.js";

function readAbout(id: string): string {
  return readFileSync(join(TASKS_SOURCE_DIR, id, "about.md"), "utf8");
}

/** Words of prose, ignoring fenced code blocks. */
function proseWords(markdown: string): number {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .split(/\s+/)
    .filter((word) => /[A-Za-z]/.test(word)).length;
}

describe.each(TASKS_DATA_ORDER)("about.md of %s", (id) => {
  it("exists", () => {
    expect(existsSync(join(TASKS_SOURCE_DIR, id, "about.md"))).toBe(true);
  });

  it("is 150–400 words long", () => {
    const words = readAbout(id).split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(150);
    expect(words).toBeLessThanOrEqual(400);
    expect(proseWords(readAbout(id))).toBeGreaterThanOrEqual(120);
  });

  it("explains the task, its uses, how to run it and where to learn more", () => {
    const about = readAbout(id);
    const headings = [...about.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings[0]).toMatch(/^What is /);
    expect(headings).toContain("Use cases");
    expect(headings.some((heading) => /^Inference/.test(heading))).toBe(true);
    expect(headings).toContain("Useful resources");
  });

  it("has a short, well-formed code example", () => {
    const about = readAbout(id);
    const fences = about.match(/^```/gm) ?? [];
    expect(fences.length % 2, "balanced code fences").toBe(0);
    const blocks = [...about.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)];
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    for (const [, language, code] of blocks) {
      expect(["python", "js", "ts", "bash"]).toContain(language);
      expect(code.split("\n").length).toBeLessThan(30);
    }
  });

  it("contains no leftover placeholders or broken links", () => {
    const about = readAbout(id);
    expect(about).not.toMatch(/TODO|TBD|lorem ipsum|undefined/i);
    expect(about).not.toMatch(/\]\(\s*\)/);
  });
});
