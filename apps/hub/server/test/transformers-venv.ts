// The transformers venv (scripts/python-transformers.sh: transformers, CPU torch, tokenizers, safetensors, and gguf
// when the local index has it), made when missing, and a runner for it against a test hub.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { HUB_DIR } from "../src/config.js";
import { hfClientEnv, lastJsonLine, run } from "./run-command.js";

const ROOT = join(HUB_DIR, "..", "..");

export async function transformersPython(): Promise<string> {
  const python = join(ROOT, "node_modules", ".cache", "hubkit-venvs", "transformers", "bin", "python");
  if (!existsSync(python)) {
    const made = await run("bash", [join(ROOT, "scripts", "python-transformers.sh")], { timeoutMs: 900_000 });
    if (made.code !== 0) throw new Error(`python-transformers.sh failed: ${made.stderr}`);
  }
  return python;
}

/** Runs `code` in the venv with HF_ENDPOINT at `url` (a cache of its own under `work`); the last line as JSON. */
export async function runTransformers(url: string, work: string, code: string): Promise<unknown> {
  const folder = join(work, `py-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder, { recursive: true });
  const result = await run(await transformersPython(), ["-c", code], {
    cwd: folder,
    timeoutMs: 300_000,
    env: {
      ...hfClientEnv({ endpoint: url, home: join(work, "hf-home") }),
      HF_HUB_DISABLE_PROGRESS_BARS: "1",
      TRANSFORMERS_VERBOSITY: "error",
      PYTHONWARNINGS: "ignore",
    },
  });
  if (result.code !== 0) throw new Error(`python failed: ${result.stderr.slice(-3000)}`);
  return lastJsonLine(result.stdout);
}
