// The snippet matrix: every pipeline tag with a template × every provider that has a handler × token kinds ×
// stream on/off for chat models. Shared by the syntax test and the execution test.
import type { InferenceSnippet, ModelDataMinimal } from "@hubkit/tasks";
import { INFERENCE_PROVIDERS } from "../../src/config.js";
import { ALL_HELPERS } from "../../src/providers/all-helpers.js";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import { TEMPLATE_BY_PIPELINE_TAG } from "../../src/snippets/tables.js";
import type { InferenceProvider, InferenceTask } from "../../src/types.js";

/** `<PROVIDER>_API_KEY` (§10.9). */
export const providerKeyEnv = (provider: string): string => `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;

export type TokenKind = "hf" | "key" | "none" | "none-direct";
export const TOKEN_KINDS: readonly TokenKind[] = ["hf", "key", "none", "none-direct"];
export const HF_TOKEN = "hf_testTokenXYZ";
export const PROVIDER_KEY = "pk-testKeyXYZ";

export interface MatrixModel {
  /** pipeline tag, with `+chat` for conversational models. */
  label: string;
  task: string;
  model: ModelDataMinimal;
}

/** One model per pipeline tag with a template, plus the two conversational cases. */
export function matrixModels(): MatrixModel[] {
  const models: MatrixModel[] = [];
  for (const tag of Object.keys(TEMPLATE_BY_PIPELINE_TAG)) {
    const library_name = tag === "text-to-speech" || tag === "text-to-audio" ? "transformers" : undefined;
    models.push({
      label: tag,
      task: tag,
      model: { id: `hubkit-test/${tag}`, pipeline_tag: tag, tags: [], inference: "", library_name } as ModelDataMinimal,
    });
  }
  for (const tag of ["text-generation", "image-text-to-text"]) {
    models.push({
      label: `${tag}+chat`,
      task: "conversational",
      model: {
        id: `hubkit-test/${tag}-chat`,
        pipeline_tag: tag,
        tags: ["conversational"],
        inference: "",
      } as ModelDataMinimal,
    });
  }
  return models;
}

/** Providers with a handler for the task (openai models are `openai/<id>`). */
export function providersFor(task: string): InferenceProvider[] {
  const table = ALL_HELPERS[task as InferenceTask] ?? {};
  return INFERENCE_PROVIDERS.filter((p) => Object.hasOwn(table, p));
}

/** The provider model id the test world maps each (provider, model) to (openai: none, the id is `openai/…`). */
export function providerModelIdFor(provider: string, modelId: string): string | undefined {
  if (provider === "hf-inference") return modelId;
  if (provider === "openai") return undefined;
  const name = modelId.split("/")[1];
  // black-forest-labs routes are `v1/{id}`: its ids are single path segments.
  return provider === "black-forest-labs" ? `hubkit-${name}` : `${provider}-alias/${name}`;
}

/** The model as a provider sees it: openai models are named `openai/<id>` (client-side routing). */
export function modelFor(provider: string, model: ModelDataMinimal): ModelDataMinimal {
  return provider === "openai" ? { ...model, id: `openai/${model.id.split("/")[1]}` } : model;
}

export interface MatrixEntry {
  label: string;
  task: string;
  model: ModelDataMinimal;
  provider: InferenceProvider;
  tokenKind: TokenKind;
  token: string;
  streaming: boolean;
  snippets: InferenceSnippet[];
}

export function tokenFor(kind: TokenKind, provider: string): string {
  if (kind === "hf") return provider === "openai" ? "" : HF_TOKEN;
  if (kind === "key") return PROVIDER_KEY;
  return "";
}

export function buildMatrix(): MatrixEntry[] {
  const entries: MatrixEntry[] = [];
  for (const { label, task, model: baseModel } of matrixModels()) {
    const streams = task === "conversational" ? [false, true] : [false];
    for (const provider of providersFor(task)) {
      const model = modelFor(provider, baseModel);
      for (const tokenKind of TOKEN_KINDS) {
        if (provider === "openai" && tokenKind === "hf") continue; // no snippet: openai refuses HF tokens
        for (const streaming of streams) {
          const token = tokenFor(tokenKind, provider);
          const snippets = getInferenceSnippets(model, token, provider, providerModelIdFor(provider, model.id), {
            streaming,
            directRequest: tokenKind === "none-direct",
          });
          entries.push({ label, task, model, provider, tokenKind, token, streaming, snippets });
        }
      }
    }
  }
  return entries;
}
