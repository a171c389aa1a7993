// The client must run in browsers: no Node-only API on any code path (no Buffer, no node: imports, no bare
// `process`), and importing a module must not have side effects that need Node.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const SRC = new URL("../../src/", import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // snippets/ and cli/ (the Node-only `hubkit` command, reached only through package.json "bin") are other modules
    if (statSync(path).isDirectory()) return name === "snippets" || name === "cli" ? [] : sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** Source without comments and string contents, so the checks only see code. */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
}

describe("browser safety of src/ (snippets and the Node CLI excluded)", () => {
  const files = sourceFiles(SRC);
  test("there are sources to check", () => {
    expect(files.length).toBeGreaterThan(40);
  });
  test.each(files.map((f) => [f.slice(SRC.length), f]))("%s", (_name, path) => {
    const source = code(path);
    expect(source).not.toMatch(/\bBuffer\b/);
    expect(source).not.toMatch(/from\s+["']node:/);
    expect(source).not.toMatch(/require\(/);
    // `process` only through globalThis, guarded (config.ts).
    expect(source.replace(/globalThis as \{ process\?/g, "")).not.toMatch(/(^|[^.\w])process\./m);
  });
});
