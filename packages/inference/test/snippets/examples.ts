// The eight cases of spec/snippet-examples (read at test time) as inputs to getInferenceSnippets.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ModelDataMinimal } from "@hubkit/tasks";
import type { InferenceProvider } from "../../src/types.js";

/** spec/snippet-examples: shared/ sits beside the repository (override: HUBKIT_SNIPPET_EXAMPLES_DIR). */
export const EXAMPLES_DIR =
  process.env.HUBKIT_SNIPPET_EXAMPLES_DIR ??
  join(import.meta.dirname, "..", "..", "..", "..", "..", "shared", "spec", "snippet-examples");

export interface ExampleCase {
  name: string;
  model: ModelDataMinimal;
  providers: InferenceProvider[];
  opts?: Record<string, unknown>;
}

const model = (id: string, pipeline_tag: string, tags: string[] = []): ModelDataMinimal =>
  ({ id, pipeline_tag, tags, inference: "" }) as ModelDataMinimal;

const CHAT = model("meta-llama/Llama-3.1-8B-Instruct", "text-generation", ["conversational"]);

export const EXAMPLE_CASES: ExampleCase[] = [
  {
    name: "automatic-speech-recognition",
    model: model("openai/whisper-large-v3-turbo", "automatic-speech-recognition"),
    providers: ["hf-inference"],
  },
  {
    name: "conversational-llm-non-stream",
    model: CHAT,
    providers: ["hf-inference", "together"],
    opts: { streaming: false },
  },
  {
    name: "conversational-llm-stream",
    model: CHAT,
    providers: ["hf-inference", "together"],
    opts: { streaming: true },
  },
  {
    name: "document-question-answering",
    model: model("impira/layoutlm-invoices", "document-question-answering"),
    providers: ["hf-inference"],
  },
  {
    name: "image-classification",
    model: model("Falconsai/nsfw_image_detection", "image-classification"),
    providers: ["hf-inference"],
  },
  {
    name: "text-classification",
    model: model("distilbert/distilbert-base-uncased-finetuned-sst-2-english", "text-classification"),
    providers: ["hf-inference"],
  },
  {
    name: "text-to-image",
    model: model("black-forest-labs/FLUX.1-schnell", "text-to-image"),
    providers: ["hf-inference", "fal-ai"],
  },
  {
    name: "zero-shot-classification",
    model: model("facebook/bart-large-mnli", "zero-shot-classification"),
    providers: ["hf-inference"],
  },
];

/** `providerModelId` as the examples use it. */
export const exampleProviderModelId = (provider: string, modelId: string): string =>
  provider === "hf-inference" ? modelId : `<${provider} alias for ${modelId}>`;

const EXT: Record<string, string> = { python: "py", js: "js", sh: "sh" };

/** Expected files of one case: relative path → content. */
export function readExpected(caseName: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string, rel: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, `${rel}${name}/`);
      else files.set(`${rel}${name}`, readFileSync(path, "utf8"));
    }
  };
  walk(join(EXAMPLES_DIR, caseName), "");
  return files;
}

/** Our output for one case laid out like the examples: `<language>/<client>/<index>.<provider>.<ext>`. */
export function layoutActual(
  perProvider: { provider: string; snippets: { language: string; client: string; content: string }[] }[],
): Map<string, string> {
  const files = new Map<string, string>();
  for (const { provider, snippets } of perProvider) {
    const counters = new Map<string, number>();
    for (const s of snippets) {
      const key = `${s.language}/${s.client}`;
      const index = counters.get(key) ?? 0;
      counters.set(key, index + 1);
      files.set(`${key}/${index}.${provider}.${EXT[s.language]}`, s.content);
    }
  }
  return files;
}
