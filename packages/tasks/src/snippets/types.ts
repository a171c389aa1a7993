// Inference snippet shapes and the router URL they point at (catalogue.md §7.1).

export const inferenceSnippetLanguages = ["python", "js", "sh"] as const;

export type InferenceSnippetLanguage = (typeof inferenceSnippetLanguages)[number];

/** One generated usage snippet: its language, the client library it uses, and the code. */
export interface InferenceSnippet {
  language: InferenceSnippetLanguage;
  client: string;
  content: string;
}

/** An inference provider id as used in router URLs (e.g. "hf-inference", "together", "fal-ai"). */
export type SnippetInferenceProvider = string;

export const HF_HUB_INFERENCE_PROXY_TEMPLATE = "https://router.huggingface.co/{{PROVIDER}}";

/** The OpenAI-compatible base URL of a provider behind the router (`/v1` is added only for `hf-inference`). */
export function openAIbaseUrl(provider: SnippetInferenceProvider): string {
  // Provider ids are lower-case slugs; anything else would change the URL's path.
  if (typeof provider !== "string" || !/^[a-z0-9][a-z0-9-]*$/.test(provider)) {
    throw new TypeError(`openAIbaseUrl: invalid provider ${JSON.stringify(provider)}`);
  }
  const url = HF_HUB_INFERENCE_PROXY_TEMPLATE.replace("{{PROVIDER}}", provider);
  return provider === "hf-inference" ? `${url}/v1` : url;
}
