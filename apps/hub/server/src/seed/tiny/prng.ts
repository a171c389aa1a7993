// A seeded pseudo-random generator for the tiny models' weights: the same seed gives the same bytes on every
// machine and every start (integer arithmetic only, then one exact division), so two seeds are byte-identical.

/** mulberry32: a 32-bit state, good enough for random weights, and exactly reproducible. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a name (FNV-1a), so each tensor's values do not depend on the order of the others. */
export function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/**
 * `count` values uniform in [-limit, limit] (the standard deviation of a 0.02-normal initialisation when
 * limit = 0.02·√3), drawn from the tensor's own seed.
 */
export function uniformValues(name: string, count: number, limit = 0.02 * Math.sqrt(3)): Float32Array {
  const next = prng(seedOf(name));
  const values = new Float32Array(count);
  for (let index = 0; index < count; index += 1) values[index] = (next() * 2 - 1) * limit;
  return values;
}
