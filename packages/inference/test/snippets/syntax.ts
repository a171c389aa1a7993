// Syntax checkers for generated snippets: Python (ast.parse, one python3 process per batch), JS/TS (esbuild
// transform), shell (bash -n, one bash process per batch).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { transformSync } from "esbuild";

const run = promisify(execFile);

const PY_CHECK = `
import ast, json, sys
errors = []
for i, source in enumerate(json.load(sys.stdin)):
    try:
        ast.parse(source)
    except SyntaxError as e:
        errors.append([i, f"{e.msg} (line {e.lineno})"])
print(json.dumps(errors))
`;

/** Index → error message for every snippet that does not parse as Python. */
export async function pythonSyntaxErrors(sources: string[]): Promise<Map<number, string>> {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-py-"));
  try {
    const input = join(dir, "sources.json");
    writeFileSync(input, JSON.stringify(sources));
    const { stdout } = await run("bash", ["-c", `python3 -c "$1" < "$2"`, "_", PY_CHECK, input], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return new Map(JSON.parse(stdout) as [number, string][]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Error message, or undefined when the snippet parses (loader "ts" accepts both JS and TS snippets). */
export function jsSyntaxError(source: string): string | undefined {
  try {
    transformSync(source, { loader: "ts", format: "esm" });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Index → bash -n output for every snippet that does not parse as shell. */
export async function shellSyntaxErrors(sources: string[]): Promise<Map<number, string>> {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-sh-"));
  try {
    sources.forEach((source, i) => {
      writeFileSync(join(dir, `${i}.sh`), source);
    });
    const script = `for i in $(seq 0 $(( $1 - 1 ))); do out=$(bash -n "$2/$i.sh" 2>&1) || printf '%s\\t%s\\n' "$i" "$(echo "$out" | tr '\\n' ' ')"; done`;
    const { stdout } = await run("bash", ["-c", script, "_", String(sources.length), dir]);
    const errors = new Map<number, string>();
    for (const line of stdout.split("\n").filter(Boolean)) {
      const [index, message] = line.split("\t");
      errors.set(Number(index), message);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
