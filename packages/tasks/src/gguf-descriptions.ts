// What each GGUF quantisation type means, for the site's quant picker: bits per weight (block size included, as
// stored on disk) and a one-line description. Figures follow from each type's block layout in ggml.
import type { GGMLQuantizationType } from "./gguf.js";

export interface GGUFQuantDescription {
  /** Storage cost per weight, scales included. */
  bitsPerWeight: number;
  description: string;
}

export const GGUF_QUANT_DESCRIPTIONS: Record<keyof typeof GGMLQuantizationType, GGUFQuantDescription> = {
  F32: { bitsPerWeight: 32, description: "32-bit float: full precision, no quantisation." },
  F16: { bitsPerWeight: 16, description: "16-bit half-precision float: practically lossless." },
  Q4_0: { bitsPerWeight: 4.5, description: "Legacy 4-bit, blocks of 32 with one scale. Superseded by Q4_K." },
  Q4_1: { bitsPerWeight: 5, description: "Legacy 4-bit, blocks of 32 with a scale and a minimum." },
  Q5_0: { bitsPerWeight: 5.5, description: "Legacy 5-bit, blocks of 32 with one scale. Superseded by Q5_K." },
  Q5_1: { bitsPerWeight: 6, description: "Legacy 5-bit, blocks of 32 with a scale and a minimum." },
  Q8_0: { bitsPerWeight: 8.5, description: "8-bit, blocks of 32 with one scale: very close to F16 quality." },
  Q8_1: { bitsPerWeight: 9, description: "8-bit with a scale and a sum per block; used for intermediate results." },
  Q2_K: { bitsPerWeight: 2.625, description: "2-bit k-quant, super-blocks of 256: smallest k-quant, large loss." },
  Q3_K: { bitsPerWeight: 3.4375, description: "3-bit k-quant, super-blocks of 256: small, noticeable loss." },
  Q4_K: { bitsPerWeight: 4.5, description: "4-bit k-quant, super-blocks of 256: the usual size/quality balance." },
  Q5_K: { bitsPerWeight: 5.5, description: "5-bit k-quant, super-blocks of 256: low loss." },
  Q6_K: { bitsPerWeight: 6.5625, description: "6-bit k-quant, super-blocks of 256: near-lossless." },
  Q8_K: { bitsPerWeight: 9.125, description: "8-bit k-quant; used for intermediate results, not for model files." },
  IQ2_XXS: { bitsPerWeight: 2.0625, description: "2-bit i-quant (lattice codebook): very small, needs an imatrix." },
  IQ2_XS: { bitsPerWeight: 2.3125, description: "2-bit i-quant, slightly larger than IQ2_XXS." },
  IQ3_XXS: { bitsPerWeight: 3.0625, description: "3-bit i-quant: smaller than Q3_K at similar quality." },
  IQ1_S: { bitsPerWeight: 1.5625, description: "1-bit i-quant: extreme compression, heavy quality loss." },
  IQ4_NL: { bitsPerWeight: 4.5, description: "4-bit non-linear i-quant, blocks of 32." },
  IQ3_S: { bitsPerWeight: 3.4375, description: "3-bit i-quant with a larger codebook than IQ3_XXS." },
  IQ2_S: { bitsPerWeight: 2.5625, description: "2-bit i-quant, the largest of the 2-bit i-quants." },
  IQ4_XS: { bitsPerWeight: 4.25, description: "4-bit non-linear i-quant with super-blocks: smaller than Q4_K." },
  I8: { bitsPerWeight: 8, description: "8-bit integer tensor (not a weight quantisation)." },
  I16: { bitsPerWeight: 16, description: "16-bit integer tensor (not a weight quantisation)." },
  I32: { bitsPerWeight: 32, description: "32-bit integer tensor (not a weight quantisation)." },
  I64: { bitsPerWeight: 64, description: "64-bit integer tensor (not a weight quantisation)." },
  F64: { bitsPerWeight: 64, description: "64-bit double-precision float." },
  IQ1_M: { bitsPerWeight: 1.75, description: "1-bit i-quant, slightly larger and better than IQ1_S." },
  BF16: { bitsPerWeight: 16, description: "16-bit bfloat: the training precision of most recent models." },
  TQ1_0: { bitsPerWeight: 1.6875, description: "Ternary (-1, 0, 1) packing for natively ternary models." },
  TQ2_0: { bitsPerWeight: 2.0625, description: "Ternary values in 2 bits each: faster than TQ1_0, larger." },
  MXFP4: { bitsPerWeight: 4.25, description: "Microscaling 4-bit float (E2M1) with a shared 8-bit exponent per 32." },
  NVFP4: { bitsPerWeight: 4.5, description: "NVIDIA 4-bit float (E2M1) with an FP8 scale per 16 weights (Blackwell)." },
  Q1_0: { bitsPerWeight: 1.125, description: "1-bit (sign) weights in blocks of 128 with one FP16 scale." },
  // Layout not yet in the gguf Python package we checked (0.19.0): 2.125 assumes Q1_0's 128-weight blocks with one
  // FP16 scale, at 2 bits per weight.
  Q2_0: {
    bitsPerWeight: 2.125,
    description: "2-bit weights in large blocks with one FP16 scale, the 2-bit sibling of Q1_0.",
  },
};

/**
 * The description of a file's quant label (`Q4_K_M` → its base type Q4_K plus the size variation), if known. Unsloth's
 * `UD-` prefix is ignored: `UD-Q4_K_XL` is described as Q4_K, size variation XL.
 */
export function describeGGUFQuantLabel(
  label: string,
): (GGUFQuantDescription & { type: keyof typeof GGMLQuantizationType; sizeVariation?: string }) | undefined {
  if (typeof label !== "string") throw new TypeError("describeGGUFQuantLabel: label must be a string");
  const upper = label.toUpperCase().replace(/^UD-/, "");
  const table = GGUF_QUANT_DESCRIPTIONS as Record<string, GGUFQuantDescription>;
  if (Object.hasOwn(table, upper)) {
    return { type: upper as keyof typeof GGMLQuantizationType, ...table[upper] };
  }
  const split = /^(.+)_([A-Z]+)$/.exec(upper);
  if (split && Object.hasOwn(table, split[1])) {
    return { type: split[1] as keyof typeof GGMLQuantizationType, sizeVariation: split[2], ...table[split[1]] };
  }
  return undefined;
}
