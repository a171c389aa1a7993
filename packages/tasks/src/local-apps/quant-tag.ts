// The quant tag that GGUF runners append to a model reference (`hf.co/org/m:Q4_K_M`), shared by every local app.
import { parseGGUFQuantLabel } from "../gguf.js";

/** Left in a snippet when no file (or no file with a quant label) was chosen; the site fills it in. */
export const QUANT_TAG_PLACEHOLDER = "{{QUANT_TAG}}";

/**
 * `:<label>` for a file whose name carries a quant label, else `:{{QUANT_TAG}}`. The label is made of
 * `[A-Z0-9_-]` only (it comes from a fixed list of names), so it is safe unquoted after a quoted shell word.
 */
export function quantTag(filepath?: string): string {
  const label = filepath ? parseGGUFQuantLabel(filepath) : undefined;
  return `:${label ?? QUANT_TAG_PLACEHOLDER}`;
}
