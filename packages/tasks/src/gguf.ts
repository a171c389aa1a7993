// GGUF tensor quantisation types and the quant label of a GGUF file name (catalogue.md §8).

/**
 * The ggml tensor types, with their numbers in the GGUF format (4 and 5 are unused). A numeric enum, so the reverse
 * mapping (number → name) exists. TQ1_0, TQ2_0 and MXFP4 are ggml's later additions (31–33 and 36–38 were removed
 * types, never written in files).
 */
export enum GGMLQuantizationType {
  F32 = 0,
  F16 = 1,
  Q4_0 = 2,
  Q4_1 = 3,
  Q5_0 = 6,
  Q5_1 = 7,
  Q8_0 = 8,
  Q8_1 = 9,
  Q2_K = 10,
  Q3_K = 11,
  Q4_K = 12,
  Q5_K = 13,
  Q6_K = 14,
  Q8_K = 15,
  IQ2_XXS = 16,
  IQ2_XS = 17,
  IQ3_XXS = 18,
  IQ1_S = 19,
  IQ4_NL = 20,
  IQ3_S = 21,
  IQ2_S = 22,
  IQ4_XS = 23,
  I8 = 24,
  I16 = 25,
  I32 = 26,
  I64 = 27,
  F64 = 28,
  IQ1_M = 29,
  BF16 = 30,
  TQ1_0 = 34,
  TQ2_0 = 35,
  MXFP4 = 39,
}

/** The type names in declaration order (what the label regex alternates over). */
const GGML_QUANTIZATION_TYPE_NAMES: string[] = /* @__PURE__ */ Object.keys(GGMLQuantizationType).filter((key) =>
  Number.isNaN(Number(key)),
);

const QUANT_PATTERN = `(?<quant>${GGML_QUANTIZATION_TYPE_NAMES.join("|")})(_(?<sizeVariation>[A-Z]+))?`;

/** A quant label such as `Q4_K_M`: the type name, then an optional size variation (`_S`, `_M`, `_L`, …). */
export const GGUF_QUANT_RE: RegExp = /* @__PURE__ */ new RegExp(QUANT_PATTERN);
export const GGUF_QUANT_RE_GLOBAL: RegExp = /* @__PURE__ */ new RegExp(QUANT_PATTERN, "g");

/**
 * The quant label of a GGUF file name, e.g. `Q4_K_M` for `Meta-Llama-3-8B-Instruct-Q4_K_M.gguf`: case-insensitive,
 * the LAST match wins (names like `bar-Q2_K-Q4_0.gguf` carry the final quant last); `undefined` when there is none.
 * Shard suffixes (`-00001-of-00003`) never match.
 */
export function parseGGUFQuantLabel(fname: string): string | undefined {
  if (typeof fname !== "string") throw new TypeError("parseGGUFQuantLabel: fname must be a string");
  // A fresh global regex per call: the exported one keeps `lastIndex` state between callers.
  const matches = fname.toUpperCase().match(new RegExp(QUANT_PATTERN, "g"));
  return matches ? matches[matches.length - 1] : undefined;
}
