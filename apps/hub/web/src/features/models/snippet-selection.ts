// Which inference snippet the panel shows: the user picks a language, then a client of that language; when a
// choice is not available (another provider or the stream toggle changed the list) the first available one is used.
import type { InferenceSnippet } from "@hubkit/tasks";

export const LANGUAGE_LABELS: Record<string, string> = { python: "Python", js: "JavaScript", sh: "cURL" };

export const INSTALL_LINES: Record<string, string | undefined> = {
  "python/huggingface_hub": "pip install --upgrade huggingface_hub",
  "python/fal_client": "pip install fal-client",
  "python/requests": "pip install requests",
  "python/openai": "pip install openai",
  "js/huggingface.js": "npm install @hubkit/inference",
  "js/openai": "npm install openai",
};

export function installLine(language: string, client: string): string | undefined {
  return INSTALL_LINES[`${language}/${client}`];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export function languagesOf(snippets: readonly InferenceSnippet[]): string[] {
  return unique(snippets.map((snippet) => snippet.language));
}

export function clientsOf(snippets: readonly InferenceSnippet[], language: string): string[] {
  return unique(snippets.filter((snippet) => snippet.language === language).map((snippet) => snippet.client));
}

/** The snippet for the wanted language and client, falling back to the first client, then the first language. */
export function pickSnippet(
  snippets: readonly InferenceSnippet[],
  wanted: { language?: string; client?: string },
): InferenceSnippet | undefined {
  const languages = languagesOf(snippets);
  const language = wanted.language && languages.includes(wanted.language) ? wanted.language : languages[0];
  if (language === undefined) return undefined;
  const clients = clientsOf(snippets, language);
  const client = wanted.client && clients.includes(wanted.client) ? wanted.client : clients[0];
  return snippets.find((snippet) => snippet.language === language && snippet.client === client);
}

/** Whether the model chats (the snippet panel then offers a Stream toggle). */
export function isConversational(model: { pipeline_tag?: string; tags: readonly string[] }): boolean {
  return (
    (model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text") &&
    model.tags.includes("conversational")
  );
}
