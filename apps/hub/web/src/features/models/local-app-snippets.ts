// Turns a local app's snippet output into a uniform list and fills the GGUF placeholders the catalogue leaves in
// ({{GGUF_FILE}} = the chosen file, shell-quoted; `:{{QUANT_TAG}}` and the older {{OLLAMA_TAG}} = `:<QUANT>` of
// that file, or nothing, so that the runner picks the repository's default quantisation).
import { type LocalAppSnippet, type LocalAppSnippetOutput, parseGGUFQuantLabel } from "@hubkit/tasks";

/** A word safe to paste into a POSIX shell: unchanged when it only has safe characters, else single-quoted. */
export function shellQuote(word: string): string {
  if (word !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}

export function fillPlaceholders(text: string, ggufFile: string | undefined): string {
  const quant = ggufFile ? parseGGUFQuantLabel(ggufFile) : undefined;
  return text
    .replaceAll("{{GGUF_FILE}}", ggufFile ? shellQuote(ggufFile) : "{{GGUF_FILE}}")
    .replaceAll(":{{QUANT_TAG}}", quant ? `:${quant}` : "")
    .replaceAll("{{QUANT_TAG}}", quant ?? "")
    .replaceAll("{{OLLAMA_TAG}}", quant ? `:${quant}` : "");
}

export interface FilledSnippet {
  title: string;
  setup?: string;
  content: string;
}

export function normaliseLocalAppSnippets(output: LocalAppSnippetOutput, ggufFile?: string): FilledSnippet[] {
  const list: Array<string | LocalAppSnippet> = Array.isArray(output) ? output : [output];
  return list.map((item, index) => {
    if (typeof item === "string")
      return { title: list.length > 1 ? `Option ${index + 1}` : "Run", content: fillPlaceholders(item, ggufFile) };
    const content = Array.isArray(item.content) ? item.content.join("\n") : item.content;
    return {
      title: item.title,
      ...(item.setup ? { setup: fillPlaceholders(item.setup, ggufFile) } : {}),
      content: fillPlaceholders(content, ggufFile),
    };
  });
}

/** The file selected at first: the usual size/quality balance (Q4_K_M) when the repository has it. */
export function defaultGgufFile(files: readonly string[]): string | undefined {
  for (const preferred of ["Q4_K_M", "Q4_K_S", "Q4_0", "Q5_K_M", "Q8_0"]) {
    const found = files.find((file) => parseGGUFQuantLabel(file) === preferred);
    if (found) return found;
  }
  return files[0];
}

/** The .gguf files of a repository, sorted by name. */
export function ggufFiles(siblings: ReadonlyArray<{ rfilename: string }> | undefined): string[] {
  return (siblings ?? [])
    .map((sibling) => sibling.rfilename)
    .filter((name) => name.toLowerCase().endsWith(".gguf"))
    .sort((a, b) => a.localeCompare(b));
}
