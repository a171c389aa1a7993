// @hubkit/inference is loaded on demand (its own chunk): only the model page's panels and the playground need it.
import type { InferenceSnippet } from "@hubkit/tasks";

export type InferenceModule = typeof import("@hubkit/inference");

export type GetInferenceSnippets = (
  model: {
    id: string;
    pipeline_tag?: string;
    tags: string[];
    library_name?: string;
    config?: unknown;
    inference?: string;
  },
  accessToken: string,
  provider: string,
  providerModelId?: string,
  opts?: Record<string, unknown>,
) => InferenceSnippet[];

let loading: Promise<InferenceModule> | undefined;

export function loadInference(): Promise<InferenceModule> {
  loading ??= import("@hubkit/inference");
  return loading;
}

/**
 * The snippet generator (`snippets.getInferenceSnippets`), or undefined when this build of the package has none.
 * Read loosely so the site keeps working while the package grows.
 */
export async function loadSnippetGenerator(): Promise<GetInferenceSnippets | undefined> {
  const module = (await loadInference()) as unknown as Record<string, unknown>;
  const namespace = module.snippets as { getInferenceSnippets?: unknown } | undefined;
  const generator = namespace?.getInferenceSnippets ?? module.getInferenceSnippets;
  return typeof generator === "function" ? (generator as GetInferenceSnippets) : undefined;
}
