// GGUF tensor and file quantisation types and the quant label of a GGUF file name (catalogue.md §8, with the newest
// catalogue's types, file-type enum, quant order and label rules).

/**
 * The ggml tensor types, with their numbers in the GGUF format (4 and 5 are unused). A numeric enum, so the reverse
 * mapping (number → name) exists. TQ1_0 … Q2_0 are ggml's later additions, as in the newest catalogue (31–33 and
 * 36–38 were removed types, never written in files).
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
  NVFP4 = 40,
  Q1_0 = 41,
  Q2_0 = 42,
}

/**
 * The quantisation schemes of whole GGUF *files* (llama.cpp's `general.file_type`): a Q4_K_M file mixes several
 * tensor types. 1000–1005 are Unsloth's dynamic "XL" names, not values written in files.
 */
export enum GGMLFileQuantizationType {
  F32 = 0,
  F16 = 1,
  Q4_0 = 2,
  Q4_1 = 3,
  Q4_1_SOME_F16 = 4,
  Q4_2 = 5,
  Q4_3 = 6,
  Q8_0 = 7,
  Q5_0 = 8,
  Q5_1 = 9,
  Q2_K = 10,
  Q3_K_S = 11,
  Q3_K_M = 12,
  Q3_K_L = 13,
  Q4_K_S = 14,
  Q4_K_M = 15,
  Q5_K_S = 16,
  Q5_K_M = 17,
  Q6_K = 18,
  IQ2_XXS = 19,
  IQ2_XS = 20,
  Q2_K_S = 21,
  IQ3_XS = 22,
  IQ3_XXS = 23,
  IQ1_S = 24,
  IQ4_NL = 25,
  IQ3_S = 26,
  IQ3_M = 27,
  IQ2_S = 28,
  IQ2_M = 29,
  IQ4_XS = 30,
  IQ1_M = 31,
  BF16 = 32,
  Q4_0_4_4 = 33,
  Q4_0_4_8 = 34,
  Q4_0_8_8 = 35,
  TQ1_0 = 36,
  TQ2_0 = 37,
  MXFP4_MOE = 38,
  NVFP4 = 39,
  Q1_0 = 40,
  Q2_0 = 41,
  Q2_K_XL = 1000,
  Q3_K_XL = 1001,
  Q4_K_XL = 1002,
  Q5_K_XL = 1003,
  Q6_K_XL = 1004,
  Q8_K_XL = 1005,
}

/** File quantisations from the biggest (F32) to the smallest, for picking a quant that fits. */
export const GGUF_QUANT_ORDER: GGMLFileQuantizationType[] = [
  GGMLFileQuantizationType.F32,
  GGMLFileQuantizationType.BF16,
  GGMLFileQuantizationType.F16,
  GGMLFileQuantizationType.Q8_K_XL,
  GGMLFileQuantizationType.Q8_0,
  GGMLFileQuantizationType.Q6_K_XL,
  GGMLFileQuantizationType.Q6_K,
  GGMLFileQuantizationType.Q5_K_XL,
  GGMLFileQuantizationType.Q5_K_M,
  GGMLFileQuantizationType.Q5_K_S,
  GGMLFileQuantizationType.Q5_0,
  GGMLFileQuantizationType.Q5_1,
  GGMLFileQuantizationType.Q4_K_XL,
  GGMLFileQuantizationType.Q4_K_M,
  GGMLFileQuantizationType.Q4_K_S,
  GGMLFileQuantizationType.IQ4_NL,
  GGMLFileQuantizationType.IQ4_XS,
  GGMLFileQuantizationType.Q4_0_4_4,
  GGMLFileQuantizationType.Q4_0_4_8,
  GGMLFileQuantizationType.Q4_0_8_8,
  GGMLFileQuantizationType.Q4_1_SOME_F16,
  GGMLFileQuantizationType.Q4_0,
  GGMLFileQuantizationType.Q4_1,
  GGMLFileQuantizationType.Q4_2,
  GGMLFileQuantizationType.Q4_3,
  GGMLFileQuantizationType.MXFP4_MOE,
  GGMLFileQuantizationType.NVFP4,
  GGMLFileQuantizationType.Q3_K_XL,
  GGMLFileQuantizationType.Q3_K_L,
  GGMLFileQuantizationType.Q3_K_M,
  GGMLFileQuantizationType.Q3_K_S,
  GGMLFileQuantizationType.IQ3_M,
  GGMLFileQuantizationType.IQ3_S,
  GGMLFileQuantizationType.IQ3_XS,
  GGMLFileQuantizationType.IQ3_XXS,
  GGMLFileQuantizationType.Q2_K_XL,
  GGMLFileQuantizationType.Q2_K,
  GGMLFileQuantizationType.Q2_K_S,
  GGMLFileQuantizationType.IQ2_M,
  GGMLFileQuantizationType.IQ2_S,
  GGMLFileQuantizationType.IQ2_XS,
  GGMLFileQuantizationType.IQ2_XXS,
  GGMLFileQuantizationType.Q2_0,
  GGMLFileQuantizationType.IQ1_S,
  GGMLFileQuantizationType.IQ1_M,
  GGMLFileQuantizationType.TQ1_0,
  GGMLFileQuantizationType.TQ2_0,
  GGMLFileQuantizationType.Q1_0,
];

/**
 * The largest of `availableQuants` that is not bigger than `quant` (by {@link GGUF_QUANT_ORDER}); when every one is
 * bigger, the smallest available; `undefined` when none is a known file quantisation. An unknown `quant` counts as
 * the biggest, so the biggest available is returned.
 */
export function findNearestQuantType(
  quant: GGMLFileQuantizationType,
  availableQuants: readonly GGMLFileQuantizationType[],
): GGMLFileQuantizationType | undefined {
  if (!Array.isArray(availableQuants)) throw new TypeError("findNearestQuantType: availableQuants must be an array");
  const rank = (q: GGMLFileQuantizationType): number => GGUF_QUANT_ORDER.indexOf(q);
  const known = availableQuants.filter((q) => rank(q) >= 0).sort((a, b) => rank(a) - rank(b));
  if (known.length === 0) return undefined;
  const target = Math.max(rank(quant), 0);
  return known.find((q) => rank(q) >= target) ?? known[known.length - 1];
}

/**
 * The names a file's quant label may carry: every file quantisation, then `MXFP4`, the name gpt-oss files use
 * (last, so that `MXFP4_MOE` is tried first).
 */
const FILE_QUANT_NAMES: string[] = /* @__PURE__ */ Object.keys(GGMLFileQuantizationType)
  .filter((key) => Number.isNaN(Number(key)))
  .concat("MXFP4");

// `UD-` marks Unsloth's dynamic quants (`UD-Q4_K_XL`); the label keeps it.
const QUANT_PATTERN = `(?<prefix>UD-)?(?<quant>${FILE_QUANT_NAMES.join("|")})(_(?<sizeVariation>[A-Z]+))?`;

/**
 * A quant label such as `Q4_K_M` or `UD-Q4_K_XL`: an optional `UD-` prefix, a file quantisation name, then an
 * optional size variation.
 */
export const GGUF_QUANT_RE: RegExp = /* @__PURE__ */ new RegExp(QUANT_PATTERN);
export const GGUF_QUANT_RE_GLOBAL: RegExp = /* @__PURE__ */ new RegExp(QUANT_PATTERN, "g");

/**
 * The quant label of a GGUF file name, e.g. `Q4_K_M` for `Meta-Llama-3-8B-Instruct-Q4_K_M.gguf` or `UD-Q4_K_XL` for
 * an Unsloth dynamic quant: case-insensitive, the LAST match wins (names like `bar-Q2_K-Q4_0.gguf` carry the final
 * quant last); `undefined` when there is none. Shard suffixes (`-00001-of-00003`) never match.
 */
export function parseGGUFQuantLabel(fname: string): string | undefined {
  if (typeof fname !== "string") throw new TypeError("parseGGUFQuantLabel: fname must be a string");
  // A fresh global regex per call: the exported one keeps `lastIndex` state between callers.
  const matches = fname.toUpperCase().match(new RegExp(QUANT_PATTERN, "g"));
  return matches ? matches[matches.length - 1] : undefined;
}
