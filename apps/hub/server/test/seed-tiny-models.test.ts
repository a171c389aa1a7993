// The seed's real tiny models (issue 20 point 9): hubkit/tiny-random-gpt2, -bert and -gguf are written at seed time
// by our own code and work with the official tools against a real Hubkit: transformers' pipeline(model=…) without a
// task (the hub tells it the task), the fill-mask pipeline, a git clone whose git-lfs gives the GGUF's real bytes
// (read back by the gguf package when the venv has it), the API's pipeline tags and GGUF summary, and the same
// bytes on every seed.
import { createHash } from "node:crypto";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUB_DIR } from "../src/config.js";
import { tinyGgufTensors } from "../src/seed/tiny/gguf-model.js";
import { tinyModelFiles } from "../src/seed/tiny/tiny-models.js";
import { temporaryFolder, writeJsonl } from "./files.js";
import { gitClientEnv, run, startTestHub, type TestHub } from "./hub-harness.js";
import { runTransformers, transformersPython } from "./transformers-venv.js";

const SEED_DIR = join(HUB_DIR, "server/seed");
const GPT2 = "hubkit/tiny-random-gpt2";
const BERT = "hubkit/tiny-random-bert";
const GGUF = "hubkit/tiny-random-gguf";
const GGUF_FILE = "tiny-random-llama-F16.gguf";
/** A seed GGUF stand-in (header only), seeded beside the tiny models. */
const STAND_IN = "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF";

let hub: TestHub;
let python: string;

function seedRecord(id: string): unknown {
  for (const line of readFileSync(join(SEED_DIR, "models.jsonl"), "utf8").split("\n"))
    if (line.includes(`"id":"${id}"`)) return JSON.parse(line);
  throw new Error(`${id} is not in the seed`);
}

async function modelInfo(id: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${hub.url}/api/models/${id}`);
  expect(response.status, id).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The file `path` of tiny model `id` as a fresh generation writes it. */
function generated(id: string, path: string): Buffer {
  const file = tinyModelFiles(id)?.find((candidate) => candidate.path === path);
  if (file === undefined) throw new Error(`${id} has no ${path}`);
  return file.content;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

interface PipelineRuns {
  gpt2: { task: string; text: string; model: string };
  bert: { task: string; missing: string[]; unexpected: string[]; sequences: string[] };
}
let runs: Promise<PipelineRuns> | undefined;

/** Both pipelines in one Python process (importing torch and transformers is most of the cost), run once. */
function pipelines(): Promise<PipelineRuns> {
  runs ??= runTransformers(
    hub.url,
    hub.work,
    `
import json
from transformers import AutoModelForMaskedLM, pipeline
generator = pipeline(model=${JSON.stringify(GPT2)})
out = generator("Hello, my name is", max_new_tokens=8, do_sample=False)
gpt2 = {"task": generator.task, "text": out[0]["generated_text"], "model": type(generator.model).__name__}
model, info = AutoModelForMaskedLM.from_pretrained(${JSON.stringify(BERT)}, output_loading_info=True)
unmasker = pipeline(model=${JSON.stringify(BERT)})
rows = unmasker("The capital of France is [MASK].")
bert = {"task": unmasker.task, "missing": sorted(info["missing_keys"]), "unexpected": sorted(info["unexpected_keys"]),
  "sequences": [row["sequence"] for row in rows]}
print(json.dumps({"gpt2": gpt2, "bert": bert}))
`,
  ) as Promise<PipelineRuns>;
  return runs;
}

beforeAll(async () => {
  python = await transformersPython();
  // The seed folder as the hub ships it, less the 600 stand-ins: one GGUF stand-in and the tiny models' records.
  const seedDir = temporaryFolder("seed-tiny-source");
  copyFileSync(join(SEED_DIR, "tiny-models.jsonl"), join(seedDir, "tiny-models.jsonl"));
  hub = await startTestHub("seed-tiny", {
    HUBKIT_SEED: writeJsonl(join(seedDir, "models.jsonl"), [seedRecord(STAND_IN)]),
  });
}, 900_000);
afterAll(async () => {
  await hub?.close();
});

describe("the seed's tiny models", () => {
  it("are in the API with their tasks, libraries and configurations", async () => {
    expect(await modelInfo(GPT2)).toMatchObject({
      pipeline_tag: "text-generation",
      library_name: "transformers",
      config: { architectures: ["GPT2LMHeadModel"], model_type: "gpt2" },
    });
    expect(await modelInfo(BERT)).toMatchObject({
      pipeline_tag: "fill-mask",
      library_name: "transformers",
      config: { architectures: ["BertForMaskedLM"], model_type: "bert" },
    });
    expect(await modelInfo(GGUF)).toMatchObject({ pipeline_tag: "text-generation", library_name: "gguf" });
  });

  it("the GGUF summary counts the file's real parameters", async () => {
    const gguf = (await modelInfo(GGUF)).gguf as Record<string, unknown>;
    const vocabSize = (JSON.parse(generated(GPT2, "config.json").toString()) as { vocab_size: number }).vocab_size;
    const parameters = tinyGgufTensors(vocabSize).reduce(
      (sum, tensor) => sum + tensor.dims.reduce((product, dim) => product * dim, 1),
      0,
    );
    expect(parameters).toBeGreaterThan(20_000);
    expect(gguf).toMatchObject({
      total: parameters,
      architecture: "llama",
      context_length: 256,
      bos_token: "<|endoftext|>",
      eos_token: "<|endoftext|>",
      totalFileSize: generated(GGUF, GGUF_FILE).length,
    });
    expect(gguf.chat_template).toContain("add_generation_prompt");
  });

  it("pipeline(model=…) without a task generates text with the tiny GPT-2", async () => {
    const { gpt2 } = await pipelines();
    expect(gpt2.task).toBe("text-generation");
    expect(gpt2.model).toBe("GPT2LMHeadModel");
    expect(gpt2.text.startsWith("Hello, my name is")).toBe(true);
    expect(gpt2.text.length).toBeGreaterThan("Hello, my name is".length);
  }, 300_000);

  it("the fill-mask pipeline runs on the tiny BERT, its weights all loaded from the file", async () => {
    const { bert } = await pipelines();
    expect(bert.task).toBe("fill-mask");
    expect(bert.missing).toEqual([]);
    expect(bert.unexpected).toEqual([]);
    expect(bert.sequences).toHaveLength(5);
    for (const sequence of bert.sequences) expect(sequence).toMatch(/^the capital of france is .+\.$/);
  }, 300_000);

  it("git clone with git-lfs gives the GGUF file's real bytes, which a GGUF reader reads whole", async () => {
    const env = gitClientEnv(hub.work);
    const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 120_000 });
    expect((await git(hub.work, "lfs", "install", "--skip-repo")).code).toBe(0);
    const dir = join(hub.work, "gguf-clone");
    const cloned = await git(hub.work, "clone", "-q", `${hub.url}/${GGUF}`, dir);
    expect(cloned.code, cloned.stderr).toBe(0);
    const bytes = readFileSync(join(dir, GGUF_FILE));
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("GGUF");
    expect(sha256(bytes)).toBe(sha256(generated(GGUF, GGUF_FILE)));

    const hasGguf = (await run(python, ["-c", "import gguf"])).code === 0;
    if (!hasGguf) return; // the local index had no gguf package: the bytes above are the check
    const read = await run(python, [
      "-c",
      `
import json, sys, gguf
reader = gguf.GGUFReader(sys.argv[1])
print(json.dumps({"tensors": [[t.name, t.tensor_type.name, [int(d) for d in t.shape]] for t in reader.tensors],
  "architecture": reader.fields["general.architecture"].contents(), "alignment": int(reader.alignment)}))
`,
      join(dir, GGUF_FILE),
    ]);
    expect(read.code, read.stderr).toBe(0);
    const info = JSON.parse(read.stdout) as {
      tensors: [string, string, number[]][];
      architecture: string;
      alignment: number;
    };
    expect(info.architecture).toBe("llama");
    expect(info.alignment).toBe(32);
    expect(info.tensors).toHaveLength(21);
    expect(info.tensors[0]).toEqual(["token_embd.weight", "F16", expect.any(Array)]);
    expect(info.tensors.filter(([, type]) => type === "F32").length).toBeGreaterThan(0);
  }, 300_000);

  it("a GGUF stand-in is labelled a placeholder and claims no parameter count", async () => {
    const info = await modelInfo(STAND_IN);
    const gguf = info.gguf as Record<string, unknown>;
    expect(gguf).toMatchObject({ architecture: "llama", context_length: 131072 });
    expect(gguf).not.toHaveProperty("total");
    const card = await (await fetch(`${hub.url}/${STAND_IN}/resolve/main/README.md`)).text();
    expect(card).toContain("Placeholder: metadata only, no weights.");
    expect(card).toContain("headers only: metadata, no tensors");
    const tiny = await (await fetch(`${hub.url}/${GPT2}/resolve/main/README.md`)).text();
    expect(tiny).not.toContain("Placeholder");
  });

  it("every seed writes the same bytes (file hashes of the hub equal a second generation's)", async () => {
    for (const id of [GPT2, BERT, GGUF]) {
      const tree = (await (await fetch(`${hub.url}/api/models/${id}/tree/main`)).json()) as {
        path: string;
        oid: string;
        lfs?: { oid: string };
      }[];
      const files = tinyModelFiles(id) ?? [];
      // The repositories without a .gitattributes of their own have the hub's default one.
      const paths = new Set([".gitattributes", ...files.map((file) => file.path)]);
      expect(tree.map((entry) => entry.path).sort()).toEqual([...paths].sort());
      for (const file of files) {
        const entry = tree.find((candidate) => candidate.path === file.path);
        if (entry?.lfs !== undefined) expect(entry.lfs.oid, file.path).toBe(sha256(file.content));
        else
          expect(entry?.oid, file.path).toBe(
            createHash("sha1").update(`blob ${file.content.length}\0`).update(file.content).digest("hex"),
          );
      }
    }
  });
});
