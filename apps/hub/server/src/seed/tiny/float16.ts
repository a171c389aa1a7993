// IEEE half-precision encoding for the tiny GGUF's F16 tensors (Node 20 has no Float16Array): round to nearest,
// ties to even, through the float's bits. Values here are small weights, but every range is handled.

const scratch = new DataView(new ArrayBuffer(4));

export function toFloat16Bits(value: number): number {
  scratch.setFloat32(0, value);
  const bits = scratch.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  let mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa !== 0 ? 0x200 : 0); // NaN, ±Inf
  const halfExponent = exponent - 127 + 15;
  if (halfExponent >= 0x1f) return sign | 0x7c00; // overflow → ±Inf
  if (halfExponent <= 0) {
    // Subnormal half (or zero): shift the mantissa with its implicit bit.
    if (halfExponent < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - halfExponent;
    const half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    return sign | (rest > halfway || (rest === halfway && (half & 1) === 1) ? half + 1 : half);
  }
  let half = (halfExponent << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && (half & 1) === 1)) half += 1; // may carry into the exponent: correct
  return sign | half;
}
