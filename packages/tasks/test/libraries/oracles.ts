// Syntax oracles for generated snippets: real parsers, never execution.
// Python → `ast.parse` in ONE python3 process per batch; JS → esbuild's parser; shell → a scanner that profiles the
// metacharacters the shell would act on (outside single quotes and quoted heredocs); `bash -n` is in
// ../helpers/syntax.ts.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";

export interface PythonBatchResult {
  ok: boolean;
  error: string | null;
  /** AST dump with every string constant replaced by "S". */
  shape: string | null;
  strings: string[];
  /** Shell words after quote removal (for "sh" items). */
  words: string[] | null;
}

const CHECKER = join(dirname(fileURLToPath(import.meta.url)), "check_blocks.py");

/** Checks every item in one python3 process. */
export function checkBatch(items: Array<{ lang: "python" | "sh"; code: string }>): PythonBatchResult[] {
  const run = spawnSync("python3", [CHECKER], {
    input: JSON.stringify(items),
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`check_blocks.py failed: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as PythonBatchResult[];
  if (results.length !== items.length) throw new Error("check_blocks.py returned a wrong number of results");
  return results;
}

/** Parses JS with esbuild; returns the reprinted code with every string literal replaced by "S". */
export function jsShape(code: string): { ok: boolean; error: string; shape: string; strings: string[] } {
  try {
    const out = transformSync(code, { loader: "js", format: "esm", charset: "utf8" }).code;
    const strings: string[] = [];
    // esbuild reprints every string literal as "…", '…' or a substitution-free `…`, whichever is shortest.
    const literal = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\$]|\\[\s\S]|\$(?!\{))*`/g;
    const shape = out.replace(literal, (text) => {
      if (text.startsWith('"')) strings.push(JSON.parse(text) as string);
      return '"S"';
    });
    return { ok: true, error: "", shape, strings };
  } catch (error) {
    return { ok: false, error: String(error), shape: "", strings: [] };
  }
}

/**
 * Counts the characters the shell acts on (`$`, backtick, `;`, `|`, `&`, `<`, `>`, `(`, `)`, line breaks) outside
 * single quotes, comments and quoted-heredoc bodies. Two snippets that differ only in escaped values have the same
 * profile; an injected `$(…)`, backtick or `;` changes it.
 */
export function shellProfile(code: string): string {
  const counts = new Map<string, number>();
  const bump = (c: string) => counts.set(c, (counts.get(c) ?? 0) + 1);
  const active = new Set(["$", "`", ";", "|", "&", "<", ">", "(", ")", "\n"]);
  let state: "plain" | "single" | "double" | "comment" = "plain";
  let pendingHeredoc: string | undefined;
  let atWordStart = true;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (state === "single") {
      if (c === "'") state = "plain";
      continue;
    }
    if (state === "comment") {
      if (c === "\n") state = "plain";
      else continue;
    }
    if (state === "double") {
      if (c === "\\") i++;
      else if (c === '"') state = "plain";
      else if (c === "$" || c === "`") bump(c);
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "'") state = "single";
    else if (c === '"') state = "double";
    else if (c === "#" && atWordStart) state = "comment";
    else if (active.has(c)) bump(c);
    if (code.startsWith("<<", i)) {
      const match = /^<<-?\s*(['"]?)([A-Za-z_]+)\1/.exec(code.slice(i));
      if (match) pendingHeredoc = match[2];
    }
    if (c === "\n" && pendingHeredoc !== undefined) {
      // Skip the heredoc body up to its terminator line.
      const lines = code.slice(i + 1).split("\n");
      let skipped = 0;
      for (const line of lines) {
        skipped += line.length + 1;
        if (line === pendingHeredoc) break;
      }
      i += skipped;
      pendingHeredoc = undefined;
      bump("\n");
    }
    atWordStart = c === " " || c === "\t" || c === "\n" || c === ";" || c === "&" || c === "|";
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([c, n]) => `${JSON.stringify(c)}:${n}`)
    .join(" ");
}

/** C# sanity for the Unity Sentis block: code lines (comments dropped) and balanced braces. */
export function csharpShape(code: string): { ok: boolean; shape: string } {
  const lines = code.split("\n").filter((line) => !line.trimStart().startsWith("//"));
  const text = lines.join("\n");
  const open = (text.match(/{/g) ?? []).length;
  const close = (text.match(/}/g) ?? []).length;
  const quotes = (text.match(/"/g) ?? []).length;
  return { ok: open === close && quotes % 2 === 0, shape: text };
}
