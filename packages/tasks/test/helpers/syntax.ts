// Syntax oracles for generated code: real `python3` (ast.parse) and real `bash -n`, one process per batch.
import { spawnSync } from "node:child_process";

// Reads a JSON list of sources on stdin and prints a JSON list of errors (null when the source parses).
const PYTHON_AST_CHECK = `
import ast, json, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
mode = sys.argv[1]
def check(src):
    if mode == "python":
        try:
            ast.parse(src)
            return None
        except SyntaxError as e:
            return f"{e.msg} (line {e.lineno})"
    r = subprocess.run(["bash", "-n"], input=src.encode(), capture_output=True)
    return None if r.returncode == 0 else r.stderr.decode()
with ThreadPoolExecutor(max_workers=4) as pool:
    print(json.dumps(list(pool.map(check, json.load(sys.stdin)))))
`;

function check(mode: "python" | "bash", sources: string[]): Array<string | null> {
  const result = spawnSync("python3", ["-c", PYTHON_AST_CHECK, mode], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  const errors = JSON.parse(result.stdout) as Array<string | null>;
  // A short answer would make every caller's "no errors" check pass without checking anything.
  if (errors.length !== sources.length)
    throw new Error(`python3 checked ${errors.length} of ${sources.length} sources`);
  return errors;
}

/** One `ast.parse` per source; returns the sources that fail with their error. */
export function pythonSyntaxErrors(sources: string[]): Array<{ source: string; error: string }> {
  return check("python", sources).flatMap((error, i) => (error === null ? [] : [{ source: sources[i], error }]));
}

/** One `bash -n` per source; returns the sources that fail with their error. */
export function bashSyntaxErrors(sources: string[]): Array<{ source: string; error: string }> {
  return check("bash", sources).flatMap((error, i) => (error === null ? [] : [{ source: sources[i], error }]));
}

/**
 * Runs shell snippets with every command replaced by a recorder (empty PATH + command_not_found_handle, builtins
 * that could act are shadowed), so nothing real executes. Returns, per snippet, the argv of each command it ran.
 * A hostile id such as `$(rm -rf /)` shows up as an `rm` call if the snippet lets the shell expand it.
 */
export function traceShellCommands(sources: string[], stubs: string[] = []): string[][][] {
  // Commands given by a path (e.g. `./llama-cli`) bypass command lookup, so they get stub executables in the
  // working directory instead.
  const RUNNER = `
import json, os, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
PRELUDE = r'''
PATH=/nonexistent
command_not_found_handle() { builtin printf '%s\\0' "$@" >> "$TRACE"; builtin printf '\\1' >> "$TRACE"; return 0; }
cd() { command_not_found_handle cd "$@"; }
echo() { command_not_found_handle echo "$@"; }
printf() { command_not_found_handle printf "$@"; }
export() { command_not_found_handle export "$@"; }
'''
STUB = "#!/bin/bash\\nbuiltin printf '%s\\\\0' \\"$0\\" \\"$@\\" >> \\"$TRACE\\"; builtin printf '\\\\1' >> \\"$TRACE\\"\\n"
stubs = json.loads(sys.argv[1])
def run(src):
    with tempfile.TemporaryDirectory() as cwd:
        for stub in stubs:
            path = os.path.join(cwd, stub)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(STUB)
            os.chmod(path, 0o755)
        trace = os.path.join(cwd, ".trace")
        open(trace, "w").close()
        subprocess.run(["/bin/bash", "-c", PRELUDE + "\\n" + src], env={"TRACE": trace}, cwd=cwd, capture_output=True, timeout=20)
        data = open(trace, "rb").read().decode()
    return [c.split("\\0")[:-1] for c in data.split("\\1") if c]
with ThreadPoolExecutor(max_workers=4) as pool:
    out = list(pool.map(run, json.load(sys.stdin)))
print(json.dumps(out))
`;
  const result = spawnSync("python3", ["-c", RUNNER, JSON.stringify(stubs)], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  const traces = JSON.parse(result.stdout) as string[][][];
  if (traces.length !== sources.length) throw new Error(`python3 traced ${traces.length} of ${sources.length} sources`);
  return traces;
}

/** Model ids an attacker could publish (or that a buggy hub could hand over), for injection tests. */
export const HOSTILE_IDS = [
  `evil/"quote`,
  `evil/'single`,
  "evil/back\\slash",
  "evil/new\nline",
  'evil/"""triple',
  "evil/'''triple",
  "evil/$(rm -rf /)",
  "evil/`touch pwned`",
  "evil/${HOME}",
  "evil/a; rm -rf /",
  "evil/}} {{",
  "evil/\u2028sep",
];

/**
 * For each Python source, the string value of the first keyword argument `keyword` (`f(keyword="…")`) as Python's
 * own parser reads it, or null when there is none or it is not a plain string constant.
 */
export function pythonStringArguments(sources: string[], keyword: string): Array<string | null> {
  return runPythonArgumentReader(sources, keyword, "keyword");
}

/** For each Python source, the string value of the first positional argument of the first call to `func`. */
export function pythonFirstCallArguments(sources: string[], func: string): Array<string | null> {
  return runPythonArgumentReader(sources, func, "call");
}

function runPythonArgumentReader(sources: string[], name: string, mode: "keyword" | "call"): Array<string | null> {
  const script = `
import ast, json, sys
name, mode = sys.argv[1], sys.argv[2]
def text(v):
    return v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else None
def value(src):
    for node in ast.walk(ast.parse(src)):
        if mode == "keyword" and isinstance(node, ast.keyword) and node.arg == name:
            return text(node.value)
        if mode == "call" and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
            return text(node.args[0]) if node.args else None
    return None
print(json.dumps([value(src) for src in json.load(sys.stdin)]))
`;
  const result = spawnSync("python3", ["-c", script, name, mode], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  const values = JSON.parse(result.stdout) as Array<string | null>;
  if (values.length !== sources.length) throw new Error(`python3 read ${values.length} of ${sources.length} sources`);
  return values;
}
