// Which highlighter a Markdown code fence's info string (```py, ```bash …) asks for: one table for every place that
// renders Markdown (the lightweight MarkdownView and the repository card renderer).
import type { HighlightLanguage } from "./highlight";

const FENCE_LANGUAGES: ReadonlyMap<string, HighlightLanguage> = new Map([
  ["python", "python"],
  ["py", "python"],
  ["js", "js"],
  ["javascript", "js"],
  ["ts", "js"],
  ["typescript", "js"],
  ["sh", "sh"],
  ["bash", "sh"],
  ["shell", "sh"],
  ["console", "sh"],
  ["json", "json"],
  ["jinja", "jinja"],
  ["jinja2", "jinja"],
]);

/**
 * The language for a fence name as written (callers decide about letter case), or undefined when the site has no
 * highlighter for it. A Map, not an object literal, so a fence named `constructor` or `__proto__` is just unknown.
 */
export function fenceLanguage(name: string): HighlightLanguage | undefined {
  return FENCE_LANGUAGES.get(name);
}
