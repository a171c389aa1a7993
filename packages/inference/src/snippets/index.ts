// `@hubkit/inference/snippets` (inference.md §10): API-usage snippets rendered from .jinja templates.
export { getInferenceSnippets, type SnippetOptions } from "./getInferenceSnippets.js";
