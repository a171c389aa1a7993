// Runs snippets for real: a temporary working directory with tiny input files, @hubkit/inference bundled from
// source (export condition "hubkit-source") as the package the snippets import, the `openai` npm client, a
// fetch guard, and stub PIL / IPython modules for the lines after a Python request. One process per JS
// batch (each snippet its own module), one python3 process and one bash process per batch.
import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { EMULATED_HOSTS } from "@hubkit/emulator";
import { build } from "esbuild";

const run = promisify(execFile);

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Workspace {
  dir: string;
  cleanup(): void;
}

/** Bytes of the input files the snippets read (contents only need to be non-empty). */
export const INPUT_FILES: Record<string, Uint8Array> = {
  "sample1.flac": new Uint8Array([0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 0x22, 1, 2, 3, 4]),
  // fal-ai speech recognition refuses FLAC, so its snippets read a WAV file (a RIFF header, then a few bytes).
  "sample1.wav": new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 0xff, 0x81, 7]),
  "cats.jpg": new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
  "cat.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
};

const GUARD = (emulatorUrl: string) => `// Preloaded into every JS snippet process.
import fs from "node:fs";
// The spec's huggingface.js audio/image examples call fs.readFileSync without importing fs.
globalThis.fs = fs;
// Only the emulated hosts are reachable, through the emulator (polling and asset URLs the emulator hands out
// are followed there too); anything else is refused, so tests never reach the internet. Responses count as
// in flight until their body has been read to the end, so the batch runner knows when a snippet is done.
const EMULATOR = ${JSON.stringify(emulatorUrl)};
const HOSTS = new Set(${JSON.stringify(EMULATED_HOSTS)});
const realFetch = globalThis.fetch;
globalThis.__inflight = 0;
const track = async (promise) => {
  globalThis.__inflight++;
  let response;
  try {
    response = await promise;
  } catch (error) {
    globalThis.__inflight--;
    throw error;
  }
  if (!response.body) {
    globalThis.__inflight--;
    return response;
  }
  let done = false;
  const finish = () => {
    if (!done) {
      done = true;
      globalThis.__inflight--;
    }
  };
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          finish();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  const wrapped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // a body nobody reads still ends the request after a while
  setTimeout(finish, 5000).unref();
  return wrapped;
};
globalThis.fetch = (input, init) => {
  const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(raw);
  let target = raw;
  if (HOSTS.has(url.host)) target = EMULATOR + "/_host/" + url.host + url.pathname + url.search;
  else if (url.origin !== new URL(EMULATOR).origin) return Promise.reject(new TypeError("refused: " + raw));
  if (typeof input === "string" || input instanceof URL) return track(realFetch(target, init));
  return track(realFetch(new Request(target, input), init));
};
`;

/**
 * Runs snippets one after the other in this process: each is imported as its own module with its env set, then
 * the runner waits until no request is in flight; errors (thrown or unhandled) are attributed to the snippet
 * that is running. Results go to a file (snippets print to stdout).
 */
const JS_BATCH = `import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [, , listFile, resultFile] = process.argv;
const items = JSON.parse(readFileSync(listFile, "utf8"));
const results = {};
let current;
const fail = (error) => {
  if (current !== undefined) results[current].push(String(error?.stack ?? error).slice(0, 400));
};
process.on("unhandledRejection", fail);
process.on("uncaughtException", fail);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const baseEnv = { ...process.env };
for (const item of items) {
  current = item.id;
  results[current] = [];
  const started = Date.now();
  process.env = { ...baseEnv, ...item.env };
  try {
    await import(pathToFileURL(item.file).href);
  } catch (error) {
    fail(error);
  }
  const deadline = Date.now() + 20000;
  do {
    await tick();
  } while (globalThis.__inflight > 0 && Date.now() < deadline);
  await tick();
  if (globalThis.__inflight > 0) fail(new Error("requests still in flight after 20 s"));
  if (process.env.HUBKIT_SNIPPET_TIMING) process.stderr.write(item.id + " " + (Date.now() - started) + "ms\\n");
}
writeFileSync(resultFile, JSON.stringify(results));
process.exit(0);
`;

const PY_STUBS: Record<string, string> = {
  "PIL/__init__.py": "",
  "PIL/Image.py": "def open(fp):\n    return fp\n",
  "IPython/__init__.py": "",
  "IPython/display.py": "class Audio:\n    def __init__(self, *args, **kwargs):\n        pass\n",
};

const PY_BATCH = `
import contextlib, io, json, os, sys, traceback
results = []
for item in json.load(open(sys.argv[1])):
    saved = dict(os.environ)
    os.environ.update(item["env"])
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(item["code"], "snippet-%d.py" % item["id"], "exec"), {"__name__": "__main__"})
        results.append({"id": item["id"], "ok": True, "error": ""})
    except BaseException as e:
        results.append({"id": item["id"], "ok": False, "error": "%s: %s" % (type(e).__name__, e)})
    finally:
        os.environ.clear()
        os.environ.update(saved)
print(json.dumps(results))
`;

export async function createWorkspace(emulatorUrl: string): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-snippets-"));
  for (const [name, bytes] of Object.entries(INPUT_FILES)) writeFileSync(join(dir, name), bytes);
  writeFileSync(join(dir, "guard.mjs"), GUARD(emulatorUrl));
  writeFileSync(join(dir, "js-batch.mjs"), JS_BATCH);
  for (const [path, text] of Object.entries(PY_STUBS)) {
    mkdirSync(dirname(join(dir, "pystubs", path)), { recursive: true });
    writeFileSync(join(dir, "pystubs", path), text);
  }
  writeFileSync(join(dir, "batch.py"), PY_BATCH);
  // node_modules of the snippets: @hubkit/inference bundled from its TS sources, and the real `openai` package.
  const pkgDir = join(dir, "node_modules", "@hubkit", "inference");
  mkdirSync(pkgDir, { recursive: true });
  writeFileSync(
    join(pkgDir, "package.json"),
    JSON.stringify({ name: "@hubkit/inference", type: "module", exports: "./index.mjs" }),
  );
  await build({
    entryPoints: [join(import.meta.dirname, "..", "..", "..", "src", "index.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["hubkit-source"],
    outfile: join(pkgDir, "index.mjs"),
    logLevel: "silent",
  });
  const require = createRequire(import.meta.url);
  const entry = require.resolve("openai");
  const openaiDir = entry.slice(0, entry.lastIndexOf("/node_modules/openai/") + "/node_modules/openai".length);
  symlinkSync(openaiDir, join(dir, "node_modules", "openai"), "dir");
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function spawnCollect(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs JS snippets (ES modules) in one node process with the guard preloaded; id → error messages. */
export async function runJsBatch(
  ws: Workspace,
  items: { id: number; code: string; env: Record<string, string> }[],
  env: Record<string, string>,
): Promise<Map<number, string[]>> {
  const list = items.map((item) => {
    const file = join(ws.dir, `snippet-${item.id}.mjs`);
    writeFileSync(file, item.code);
    return { id: item.id, file, env: item.env };
  });
  const tag = items[0]?.id ?? 0;
  const listFile = join(ws.dir, `js-batch-${tag}.json`);
  const resultFile = join(ws.dir, `js-results-${tag}.json`);
  writeFileSync(listFile, JSON.stringify(list));
  const result = await spawnCollect(
    process.execPath,
    ["--import", "./guard.mjs", "js-batch.mjs", listFile, resultFile],
    ws.dir,
    env,
  );
  if (env.HUBKIT_SNIPPET_TIMING) process.stderr.write(result.stderr);
  if (result.code !== 0) throw new Error(`JS batch runner failed (${result.code}): ${result.stderr.slice(0, 2000)}`);
  const results = JSON.parse(readFileSync(resultFile, "utf8")) as Record<string, string[]>;
  return new Map(Object.entries(results).map(([id, errors]) => [Number(id), errors]));
}

/** Runs Python snippets in one python3 process (each in a fresh namespace, with its own env additions). */
export async function runPythonBatch(
  ws: Workspace,
  items: { id: number; code: string; env: Record<string, string> }[],
  env: Record<string, string>,
): Promise<Map<number, { ok: boolean; error: string }>> {
  const input = join(ws.dir, `batch-${items[0]?.id ?? 0}.json`);
  writeFileSync(input, JSON.stringify(items));
  const { stdout } = await run("python3", ["batch.py", input], {
    cwd: ws.dir,
    env: { ...env, PYTHONPATH: join(ws.dir, "pystubs") },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  const results = JSON.parse(stdout) as { id: number; ok: boolean; error: string }[];
  return new Map(results.map((r) => [r.id, { ok: r.ok, error: r.error }]));
}

/** Runs shell snippets in one bash process, sequentially, each in a subshell with its own env additions. */
export async function runShellBatch(
  ws: Workspace,
  items: { id: number; code: string; env: Record<string, string> }[],
  env: Record<string, string>,
): Promise<Map<number, RunResult>> {
  const lines: string[] = [];
  for (const item of items) {
    writeFileSync(join(ws.dir, `snippet-${item.id}.sh`), item.code);
    const exports = Object.entries(item.env)
      .map(([k, v]) => `export ${k}='${v}';`)
      .join(" ");
    lines.push(
      `( ${exports} bash snippet-${item.id}.sh > out-${item.id}.txt 2> err-${item.id}.txt; echo $? > rc-${item.id}.txt )`,
    );
  }
  writeFileSync(join(ws.dir, `batch-${items[0]?.id ?? 0}.sh`), `${lines.join("\n")}\n`);
  await run("bash", [`batch-${items[0]?.id ?? 0}.sh`], { cwd: ws.dir, env, timeout: 120_000 });
  const results = new Map<number, RunResult>();
  for (const item of items) {
    const read = (name: string) => readFileSync(join(ws.dir, `${name}-${item.id}.txt`), "utf8");
    results.set(item.id, { code: Number(read("rc").trim()), stdout: read("out"), stderr: read("err") });
  }
  return results;
}
