// Renders one snippet template. Templates are compiled once per process (module-level cache) from the bundle
// generated from the .jinja files (scripts/bundle-snippet-templates.mjs).
import { Template } from "@hubkit/jinja";
import type { SnippetContext } from "./context.js";
import { TEMPLATES } from "./generated/templates.js";

const compiled = new Map<string, Template>();

function template(name: string): Template | undefined {
  let cached = compiled.get(name);
  if (!cached) {
    const source = Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name] : undefined;
    if (source === undefined) return undefined;
    cached = new Template(source);
    compiled.set(name, cached);
  }
  return cached;
}

function renderTrimmed(name: string, context: Record<string, unknown>): string {
  return template(name)?.render(context).trim() ?? "";
}

/** Clients whose snippets start with a shared header (imports, client or URL/headers), then a blank line. */
const HEADERS: Readonly<Record<string, string>> = {
  "python/huggingface_hub": "python/huggingface_hub/_header",
  "python/requests": "python/requests/_header",
  "js/huggingface.js": "js/huggingface.js/_header",
};

export function renderSnippet(
  language: string,
  client: string,
  templateName: string,
  context: SnippetContext & { methodName?: string },
): string {
  const body = renderTrimmed(`${language}/${client}/${templateName}`, context as unknown as Record<string, unknown>);
  if (!body) return "";
  const headerName = HEADERS[`${language}/${client}`];
  if (!headerName) return body;
  // A body's own leading ES imports join the header's (a module reads better with every import on top).
  const own = /^(?:import [^\n]+;\n)+\n*/.exec(body)?.[0] ?? "";
  const header = renderTrimmed(headerName, {
    ...context,
    importBase64: body.includes("base64"),
    importJson: body.includes("json."),
    imports: own.trim().split("\n").filter(Boolean),
  });
  return `${header}\n\n${body.slice(own.length)}`;
}

/** Number of templates compiled so far in this process (each is compiled once; tests check the cache). */
export function compiledTemplateCount(): number {
  return compiled.size;
}
