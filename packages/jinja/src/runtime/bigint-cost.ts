// Big-integer work charged by the size of the operands, before it is done. V8's BigInt operations run natively and
// nothing interrupts them: squaring a 475,000-bit int takes ~3-7 ms, converting a 4,300-digit int to decimal
// ~150 µs, so a loop of them ran for seconds while the step budget saw one step per iteration. Each charge below
// is an upper bound of the operation's CPU time at about 60 ns per step (`npm run bench:costs` measures the
// cases), half the ~125 ns a step is budgeted at elsewhere, so that a template doing nothing else ends on the step
// budget well inside the 250 ms the budget stands for.
import { active, checkSize } from "./limits.js";

/** Ints beyond this many bits count as exceeding the size cap: every operation on them is slow. */
export const MAX_INT_BITS = 1_000_000;

const WORD = 64;

/**
 * Bit lengths of the ladder `bitsOf` climbs above 2^1024 (where `Number(x)` is still finite): a factor √2 apart,
 * up to the cap. A threshold `2^b` is built the first time an int that big is measured.
 */
const LADDER: number[] = [];
for (let b = 1024; b < MAX_INT_BITS; b *= Math.SQRT2) LADDER.push(Math.ceil(b / WORD) * WORD);
LADDER.push(MAX_INT_BITS);
const above: (bigint | undefined)[] = [];
const below: (bigint | undefined)[] = [];

/** Is |x| < 2^LADDER[i]? V8 compares two BigInts of different lengths by their lengths, so this is O(1). */
function under(x: bigint, i: number): boolean {
  if (x >= 0n) {
    const t = above[i] ?? 1n << BigInt(LADDER[i]);
    above[i] = t;
    return x < t;
  }
  const t = below[i] ?? -(1n << BigInt(LADDER[i]));
  below[i] = t;
  return x > t;
}

/**
 * An upper bound of the bit length of `x`, in constant time: exact below 2^1000, within a factor √2 above, and
 * `Infinity` beyond `MAX_INT_BITS` (an exact bit length would cost a conversion as long as the int).
 */
export function bitsOf(x: bigint): number {
  const n = Number(x);
  if (Math.abs(n) < 2 ** 1000) return n === 0 ? 0 : Math.floor(Math.log2(Math.abs(n))) + 1;
  if (!under(x, LADDER.length - 1)) return Number.POSITIVE_INFINITY;
  let lo = 0;
  let hi = LADDER.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (under(x, mid)) hi = mid;
    else lo = mid + 1;
  }
  return LADDER[lo];
}

/** The bit length of an int operand (a number beyond 2^53 or a bigint). */
export const bitsOfInt = (v: number | bigint): number =>
  typeof v === "bigint" ? bitsOf(v) : v === 0 ? 0 : Math.floor(Math.log2(Math.abs(v))) + 1;

const words = (bits: number): number => Math.max(1, Math.ceil(bits / WORD));

/**
 * Work units of multiplying an a-bit by a b-bit int: V8 cuts the longer one into pieces of the shorter's size and
 * multiplies each piece in Karatsuba's (or a faster) time, so the work grows as long × short^0.585 in 64-bit words.
 */
function mulUnits(aBits: number, bBits: number): number {
  const a = words(aBits);
  const b = words(bBits);
  return Math.max(a, b) * Math.min(a, b) ** 0.585;
}

/** Steps per multiplication work unit (measured at 3-14 ns a unit) and per word of a linear operation (1-6 ns). */
const MUL_STEPS = 0.3;
/** Steps per unit of a division (the quotient's words times the divisor's, as a multiplication: 10-16 ns a unit). */
const DIV_STEPS = 0.5;
const LINEAR_STEPS = 0.1;
/** Steps per (words^1.585) of a decimal conversion (BigInt → decimal measured at 30-60 ns, decimal → BigInt at 8-55). */
const TO_DECIMAL_STEPS = 1;
const FROM_DECIMAL_STEPS = 0.25;
/** Steps per word of a conversion to or from a power-of-two base (hex, octal, binary: 20-70 ns a word). */
const POW2_BASE_STEPS = 1;
/** Every big-int operation: a new BigInt and a runtime call (~300 ns for the smallest). */
const OP_STEPS = 2;

/** Refuses an operand beyond the int cap (its bit length is unknown, and any work on it is too slow). */
function operand(bits: number): number {
  if (bits > MAX_INT_BITS) checkSize(Number.POSITIVE_INFINITY);
  return bits;
}

/** Before `a + b`, `a - b`, `-a`, `abs(a)` or a comparison: linear in the longer operand. */
export function chargeBigLinear(a: number | bigint, b: number | bigint = 0): void {
  const bits = Math.max(operand(bitsOfInt(a)), operand(bitsOfInt(b)));
  active.charge(OP_STEPS + words(bits) * LINEAR_STEPS);
}

/** Before `a * b`; refuses it when the product would certainly exceed the int cap. */
export function chargeBigMul(a: number | bigint, b: number | bigint): void {
  const x = operand(bitsOfInt(a));
  const y = operand(bitsOfInt(b));
  // the bounds may be √2 above the true lengths: only a product that is too big even from their lower ends is refused
  if ((x + y) / Math.SQRT2 > MAX_INT_BITS + 1) checkSize(Number.POSITIVE_INFINITY);
  active.charge(OP_STEPS + mulUnits(x, y) * MUL_STEPS + words(x + y) * LINEAR_STEPS);
}

/**
 * Before `a // b` or `a % b` (`times` divisions): the quotient has (a - b) bits, and V8 divides in about the
 * time of multiplying the quotient by the divisor.
 */
export function chargeBigDiv(a: number | bigint, b: number | bigint, times = 1): void {
  const x = operand(bitsOfInt(a));
  const y = operand(bitsOfInt(b));
  const q = Math.max(WORD, x - y + WORD);
  active.charge(times * (OP_STEPS + mulUnits(q, y) * DIV_STEPS + words(x) * LINEAR_STEPS));
}

/**
 * Before `base ** exp` with a result of about `resultBits`: squarings up to half the result's length, then the
 * last ones (measured at 8-23 ns per unit of a half-length multiplication).
 */
export function chargeBigPow(resultBits: number): void {
  if (resultBits > MAX_INT_BITS) checkSize(Number.POSITIVE_INFINITY);
  const half = resultBits / 2;
  active.charge(OP_STEPS + mulUnits(half, half) * 2 * MUL_STEPS + words(resultBits) * LINEAR_STEPS);
}

/** Before converting an int of `bits` to decimal digits (sub-quadratic: divide and conquer over powers of ten). */
export function chargeToDecimal(bits: number): void {
  active.charge(OP_STEPS + words(bits) ** 1.585 * TO_DECIMAL_STEPS);
}

/** Before parsing `digits` decimal digits into an int. */
export function chargeFromDecimal(digits: number): void {
  active.charge(OP_STEPS + words(digits * Math.log2(10)) ** 1.585 * FROM_DECIMAL_STEPS);
}

/**
 * Before converting an int of `bits` to or from a power-of-two base of `digitBits` bits a digit (linear; binary
 * makes 64 characters a word).
 */
export function chargePow2Base(bits: number, digitBits = 4): void {
  active.charge(OP_STEPS + words(bits) * POW2_BASE_STEPS + bits / digitBits / DIGITS_PER_STEP);
}
/** Digits of a power-of-two base written or read for a step (~2 ns each). */
const DIGITS_PER_STEP = 16;

/**
 * Before parsing `digits` digits of a base that is neither 10 nor a power of two: `chunks` multiply-adds of
 * an int growing to the full length (quadratic, for at most 4300 digits).
 */
export function chargeGenericBase(digits: number, base: number, chunks: number): void {
  const bits = digits * Math.log2(base);
  active.charge(OP_STEPS + chunks * (words(bits) / 2) * LINEAR_STEPS * 4);
}
