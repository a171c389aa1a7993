// Issue 20 point 6, for real: the model page's Transformers snippet of a seeded model, as the page renders it (the
// catalogue's text pointed at this hub by web/src/features/models/hub-endpoints.ts), pasted into Python and run
// against a live Hubkit — with no HF_ENDPOINT and no HF_HUB_OFFLINE in the environment, as a notebook cell would run
// it. The model is the seed's tiny real GPT-2 (seed/tiny, engineer G) and the Python is the transformers venv
// (scripts/python-transformers.sh); until those are in the repository the test says so instead of running.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MODEL_LIBRARIES_UI_ELEMENTS, type ModelData } from "@hubkit/tasks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeJsonl } from "./files.js";
import { run, startTestHub, type TestHub } from "./hub-harness.js";

const REPO_DIR = join(import.meta.dirname, "../../../..");
const SCRIPT = join(REPO_DIR, "scripts/python-transformers.sh");
const VENV_PYTHON = join(REPO_DIR, "node_modules/.cache/hubkit-venvs/transformers/bin/python");
const TINY_RECORDS = join(REPO_DIR, "apps/hub/server/seed/tiny-models.jsonl");
const TINY_FILES = join(REPO_DIR, "apps/hub/server/src/seed/tiny/gpt2.ts");
const MODEL_ID = "hubkit/tiny-random-gpt2";

function tinyGpt2Record(): Record<string, unknown> | undefined {
  if (!existsSync(TINY_RECORDS) || !existsSync(TINY_FILES)) return undefined;
  return readFileSync(TINY_RECORDS, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((record) => record.id === MODEL_ID);
}

const RECORD = tinyGpt2Record();
const LANDED = RECORD !== undefined && existsSync(SCRIPT);

/** The site's module (bundler-style imports, so loaded by path rather than type-checked with the server). */
const HUB_ENDPOINTS = join(REPO_DIR, "apps/hub/web/src/features/models/hub-endpoints.ts");
type PointLibrarySnippets = (library: string, repoId: string, blocks: readonly string[], hub: string) => string[];

type Library = { snippets?: (model: ModelData) => string[] };
const TRANSFORMERS = (MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<string, Library>).transformers;

describe.skipIf(!LANDED)(
  `the Transformers snippet runs against this hub (needs ${MODEL_ID} in seed/tiny and scripts/python-transformers.sh)`,
  () => {
    let hub: TestHub;
    let seedDir: string;
    beforeAll(async () => {
      // A hub whose seed is the tiny GPT-2 alone (its files are generated at seed time).
      seedDir = mkdtempSync(join(tmpdir(), "hubkit-snippet-run-seed-"));
      const seed = writeJsonl(join(seedDir, "seed.jsonl"), [RECORD ?? {}]);
      hub = await startTestHub("snippet-run", { HUBKIT_SEED: seed });
      // Python with transformers + torch from the local package index (once per machine).
      if (!existsSync(VENV_PYTHON)) {
        const made = await run("bash", [SCRIPT], { cwd: REPO_DIR, timeoutMs: 900_000 });
        expect(made.code, made.stderr.slice(-3000)).toBe(0);
      }
    }, 960_000);
    afterAll(async () => {
      await hub?.close();
      if (seedDir) rmSync(seedDir, { recursive: true, force: true });
    });

    test("the pipeline block, copied alone, downloads the model from this hub and generates", async () => {
      // The record the model page reads, and the blocks it shows for it.
      const response = await fetch(`${hub.url}/api/models/${MODEL_ID}`);
      expect(response.status).toBe(200);
      const model = (await response.json()) as ModelData;
      const catalogue = TRANSFORMERS.snippets?.(model) ?? [];
      const { pointLibrarySnippets } = (await import(HUB_ENDPOINTS)) as { pointLibrarySnippets: PointLibrarySnippets };
      const blocks = pointLibrarySnippets("transformers", model.id, catalogue, hub.url);
      const pipelineBlock = blocks.find((code) => code.includes("from transformers import pipeline"));
      expect(pipelineBlock, blocks.join("\n---\n")).toBeDefined();
      expect(pipelineBlock).toContain(`os.environ["HF_ENDPOINT"] = "${hub.url}"`);

      // The user's next line, as in a notebook; nothing else tells Python where the hub is.
      const cell = `${pipelineBlock}\nout = pipe("Hello", max_new_tokens=4, do_sample=False)\nprint("GENERATED", out[0]["generated_text"][:5])`;
      const home = join(hub.work, "notebook-home");
      mkdirSync(home, { recursive: true });
      const result = await run(VENV_PYTHON, ["-c", cell], {
        cwd: home,
        timeoutMs: 600_000,
        env: { HOME: home, HF_HOME: join(home, "hf"), HF_HUB_DISABLE_TELEMETRY: "1" },
      });
      expect(result.code, `${result.stdout.slice(-2000)}\n${result.stderr.slice(-4000)}`).toBe(0);
      expect(result.stdout).toContain("GENERATED Hello");
      // The files came from this hub: they are in the cache under the model's id.
      expect(existsSync(join(home, "hf", "hub", "models--hubkit--tiny-random-gpt2"))).toBe(true);
    }, 660_000);
  },
);
