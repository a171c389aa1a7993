// The tensors of the tiny models: random matrices from the seeded generator, layer norms at their usual start
// (weight 1, bias 0). Each tensor's values come from its own name, so adding a tensor never changes another.
import { uniformValues } from "./prng.js";
import type { F32Tensor } from "./safetensors-writer.js";

const size = (shape: readonly number[]) => shape.reduce((product, dim) => product * dim, 1);

export const random = (name: string, shape: readonly number[]): F32Tensor => ({
  name,
  shape,
  values: uniformValues(name, size(shape)),
});

export const filled = (name: string, shape: readonly number[], value: number): F32Tensor => ({
  name,
  shape,
  values: new Float32Array(size(shape)).fill(value),
});

/** A layer norm's weight (ones) and bias (zeros). */
export const layerNorm = (prefix: string, width: number): F32Tensor[] => [
  filled(`${prefix}.weight`, [width], 1),
  filled(`${prefix}.bias`, [width], 0),
];

/** A linear layer as PyTorch stores it: weight [out, in] and bias [out]. */
export const linear = (prefix: string, inputs: number, outputs: number): F32Tensor[] => [
  random(`${prefix}.weight`, [outputs, inputs]),
  filled(`${prefix}.bias`, [outputs], 0),
];
