// The language a library snippet block is highlighted in. The catalogue returns bare strings (as the hub's own
// catalogue does), so the page infers it: most blocks are Python, some are shell commands (installs, CLIs such as
// `uv run …`, `python -m …`, `openasr pull …`), a few are JavaScript or C# (highlighted as JavaScript).
import type { HighlightLanguage } from "../../lib/highlight";

const PYTHON_IMPORT = /^\s*(import\s+[\w.]+|from\s+[\w.]+\s+import\b)/m;
const JS_STATEMENT = /^\s*(const|let|await)\s|^\s*import\s.*\sfrom\s+['"]/m;
/** A command word (optionally a relative path), then arguments or nothing. */
const COMMAND_START = /^(\.{1,2}\/)?[A-Za-z_][\w.\-/]*(\s|$)/;
/** Python syntax a shell command line does not have: a call `name(`, an assignment with spaces, a block opener. */
const PYTHON_LINE = /\w\(|\s=\s|:\s*$/;

export function snippetLanguage(code: string): HighlightLanguage {
  if (PYTHON_IMPORT.test(code)) return "python";
  if (JS_STATEMENT.test(code)) return "js";
  const lines = code.split("\n").map((line) => line.trim());
  // `//` comments open JavaScript and C# blocks only.
  if (lines.find((line) => line !== "")?.startsWith("//")) return "js";
  const firstCode = lines.find((line) => line !== "" && !line.startsWith("#"));
  // Comments only (a fallback pointing to the docs): `#` comments read the same in Python and shell.
  if (firstCode === undefined) return "python";
  if (COMMAND_START.test(firstCode) && !PYTHON_LINE.test(firstCode)) return "sh";
  return "python";
}
