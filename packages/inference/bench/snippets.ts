// `npm run bench:snippets -w packages/inference`: time to produce every snippet of one model for all its providers
// (every language and client), per (model, provider) pair, templates already compiled. Target: < 1 ms per pair.
// Also reports the first call of a fresh process (template compilation included).
import type { ModelDataMinimal } from "@hubkit/tasks";
import { INFERENCE_PROVIDERS } from "../src/config.js";
import { getInferenceSnippets } from "../src/snippets/index.js";
import { line, median } from "./report.js";

const TARGET_MS_PER_PAIR = 1;

interface BenchCase {
  name: string;
  model: ModelDataMinimal;
  opts?: Record<string, unknown>;
}

const model = (id: string, pipeline_tag: string, tags: string[] = []): ModelDataMinimal =>
  ({ id, pipeline_tag, tags, inference: "" }) as ModelDataMinimal;

const CASES: BenchCase[] = [
  { name: "chat model", model: model("meta-llama/Llama-3.3-70B-Instruct", "text-generation", ["conversational"]) },
  {
    name: "chat model, streaming",
    model: model("meta-llama/Llama-3.3-70B-Instruct", "text-generation", ["conversational"]),
    opts: { streaming: true },
  },
  { name: "text-to-image model", model: model("black-forest-labs/FLUX.1-dev", "text-to-image") },
  { name: "text-classification model", model: model("distilbert/distilbert-base-uncased", "text-classification") },
  { name: "table-question-answering model", model: model("google/tapas-base", "table-question-answering") },
];

/** Providers that give this model at least one snippet. */
function providersOf(benchCase: BenchCase): string[] {
  return INFERENCE_PROVIDERS.filter(
    (p) => getInferenceSnippets(benchCase.model, "hf_bench", p, undefined, benchCase.opts).length > 0,
  );
}

function allSnippets(benchCase: BenchCase, providers: string[]): number {
  let count = 0;
  for (const provider of providers) {
    count += getInferenceSnippets(benchCase.model, "hf_bench", provider as never, undefined, benchCase.opts).length;
  }
  return count;
}

export function runSnippetsBench(): void {
  const coldStart = performance.now();
  const first = CASES[0];
  getInferenceSnippets(first.model, "hf_bench", "hf-inference", undefined, first.opts);
  const coldMs = performance.now() - coldStart;
  process.stdout.write(`snippets first call of the process (compiles its templates): ours ${coldMs.toFixed(2)} ms\n`);

  for (const benchCase of CASES) {
    const providers = providersOf(benchCase);
    for (let i = 0; i < 50; i++) allSnippets(benchCase, providers);
    const rounds: number[] = [];
    let snippets = 0;
    for (let round = 0; round < 31; round++) {
      const started = performance.now();
      for (let i = 0; i < 20; i++) snippets = allSnippets(benchCase, providers);
      rounds.push((performance.now() - started) / 20);
    }
    const perModel = median(rounds);
    const perPair = perModel / providers.length;
    line(
      `snippets ${benchCase.name} (${providers.length} providers, ${snippets} snippets, ${perModel.toFixed(3)} ms in all)`,
      `${perPair.toFixed(3)} ms/pair`,
      `${TARGET_MS_PER_PAIR} ms/pair (target)`,
      perPair / TARGET_MS_PER_PAIR,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`# @hubkit/inference snippets bench — ${new Date().toISOString()} — Node ${process.version}\n`);
  runSnippetsBench();
}
