// Issue 22 (3): the .gitignore matcher behind preupload's `shouldIgnore` (src/api/gitignore.ts) decides every path
// as real git does. The oracle is `git check-ignore` in a scratch work tree holding the same files: a table of
// the rules gitignore(5) spells out, then randomly generated pattern sets from a small alphabet, so that the
// corner cases nobody thought to list are compared too. Hostile patterns stay bounded (a 400, not a hang).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiError } from "../src/api/api-error.js";
import { GitignoreMatcher } from "../src/api/gitignore.js";
import { gitClientEnv, run } from "./run-command.js";

let work = "";
let counter = 0;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "hubkit-gitignore-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The paths git ignores under `gitignore`, asked of `git check-ignore` in a fresh work tree holding the files. */
async function gitIgnored(gitignore: string, paths: readonly string[]): Promise<Set<string>> {
  const tree = join(work, `t${counter++}`);
  mkdirSync(tree);
  const env = gitClientEnv(work);
  await run("git", ["init", "-q"], { cwd: tree, env });
  writeFileSync(join(tree, ".gitignore"), gitignore);
  for (const path of paths) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), "x");
  }
  const result = await run(
    "git",
    ["-c", "core.ignorecase=false", "-c", "core.quotePath=false", "check-ignore", "--no-index", "--", ...paths],
    {
      cwd: tree,
      env,
    },
  );
  expect(result.code === 0 || result.code === 1, result.stderr).toBe(true);
  rmSync(tree, { recursive: true, force: true });
  return new Set(result.stdout.split("\n").filter((path) => path !== ""));
}

async function expectSameAsGit(gitignore: string, paths: readonly string[]): Promise<void> {
  const git = await gitIgnored(gitignore, paths);
  const matcher = new GitignoreMatcher(gitignore);
  const ours = new Set(paths.filter((path) => matcher.ignores(path)));
  expect([...ours].sort(), JSON.stringify(gitignore)).toEqual([...git].sort());
}

const PATHS = [
  "README.md",
  "a.txt",
  "a.log",
  "b.log",
  "debug.log",
  "logs/x.log",
  "logs/keep.log",
  "logs/deep/y.log",
  "build/out.bin",
  "build/keep/k.txt",
  "src/build/gen.c",
  "src/main.c",
  "src/a/b/c.txt",
  "doc/frotz/x.md",
  "a/frotz/x.md",
  "foo/bar/baz.txt",
  "q/w/e",
  "src/ab/c/c.txt",
  "foo/baz.txt",
  "x/foo/bar",
  "#hash.txt",
  "!bang.txt",
  "sp ace.txt",
  "trail ",
  "a[b].txt",
  "ab.txt",
  "a1.txt",
  "aZ.txt",
  "node_modules/pkg/index.js",
  "dir.with.dots/file",
];

const TABLE: Array<[string, string]> = [
  ["a name matches at any level", "*.log\n"],
  ["negation re-includes a file", "*.log\n!keep.log\n"],
  ["a later rule wins", "!debug.log\n*.log\n"],
  ["a directory-only pattern", "build/\n"],
  ["no re-including inside an excluded directory", "build/\n!build/keep/k.txt\n!build/keep/\n"],
  ["re-including a directory's contents with dir/* and !dir/keep", "logs/*\n!logs/keep.log\n"],
  ["anchored with a leading slash", "/build\n"],
  ["anchored by a middle slash", "doc/frotz\n"],
  ["a slash-less name matches directories too", "frotz\n"],
  ["leading **/", "**/frotz\n**/baz.txt\n"],
  ["trailing /**", "foo/**\n"],
  ["middle /**/", "src/**/c.txt\nfoo/**/baz.txt\n"],
  ["other ** are single stars", "a**.txt\nq**e\n"],
  ["** right after an anchored pattern's literal prefix crosses directories", "src/a**/c.txt\n"],
  ["* never crosses a slash", "src/*.txt\nsrc/*/c.txt\n"],
  ["?", "a?txt\n?.log\n"],
  ["character classes and ranges", "a[0-9].txt\na[!0-9b].txt\n[[:upper:]]*.txt\n"],
  ["comments and escapes", "# a comment\n\\#hash.txt\n\\!bang.txt\n"],
  ["trailing spaces go unless escaped", "a.txt   \ntrail\\ \n"],
  ["escaped brackets", "a\\[b\\].txt\n"],
  ["a space inside a name", "sp ace.txt\n"],
  ["CRLF line ends", "*.log\r\n!keep.log\r\n"],
  ["an unclosed bracket never matches", "a[b.txt\n*.md\n"],
  ["everything but", "*\n!*.txt\n!*/\n"],
  ["dots are literal", "dir.with.dots/\n*.c\n"],
  ["blank lines and whole-line spaces", "\n   \n*.bin\n"],
];

describe("the matcher agrees with git check-ignore", () => {
  for (const [name, gitignore] of TABLE) test(name, () => expectSameAsGit(gitignore, PATHS), 30_000);

  test("random pattern sets over random paths (seeded)", async () => {
    let seed = 22;
    const random = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647; // exact in doubles (the product stays below 2^53)
      return seed % n;
    };
    const pick = <T>(items: readonly T[]) => items[random(items.length)] as T;
    const names = ["a", "b", "ab", "a.b", "ba", "bb.a"];
    const paths = new Set<string>();
    while (paths.size < 40) {
      const depth = 1 + random(4);
      paths.add(Array.from({ length: depth }, () => pick(names)).join("/"));
    }
    // A file may not also be a folder in the work tree: keep only paths that are no other path's prefix.
    const files = [...paths].filter((path) => ![...paths].some((other) => other.startsWith(`${path}/`)));
    const parts = ["a", "b", ".", "*", "?", "**", "/", "[ab]", "[!a]", "\\*"];
    for (let round = 0; round < 60; round++) {
      const lines = Array.from({ length: 1 + random(4) }, () => {
        let pattern = Array.from({ length: 1 + random(5) }, () => pick(parts)).join("");
        if (random(4) === 0) pattern = `!${pattern}`;
        return pattern;
      });
      await expectSameAsGit(`${lines.join("\n")}\n`, files);
    }
  }, 120_000);
});

describe("hostile patterns are bounded", () => {
  test("many stars against a long path: linear, no backtracking blow-up", () => {
    const matcher = new GitignoreMatcher(`${"*a".repeat(2000)}b\n`);
    expect(matcher.ignores("a".repeat(3000))).toBe(false);
    expect(matcher.ignores(`${"a".repeat(3000)}b`)).toBe(true);
  });

  test("past the work budget the answer is a 400, not a hang", () => {
    const matcher = new GitignoreMatcher(`${"*?".repeat(1000)}x\n`, 1_000_000);
    let error: unknown;
    try {
      for (let i = 0; i < 100; i++) matcher.ignores(`${"a".repeat(1000)}${i}`);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  });

  test("too many patterns, or one too long, are refused", () => {
    expect(() => new GitignoreMatcher("x\n".repeat(10_001))).toThrow(/at most 10000 patterns/);
    expect(() => new GitignoreMatcher(`${"a".repeat(5000)}\n`)).toThrow(/longer than 4096/);
  });
});
