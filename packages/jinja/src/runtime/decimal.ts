// Exact decimal rounding of doubles, as Python's float formatting does it: the binary value is expanded exactly
// (with BigInt) and ties round half to even. JS toFixed/toExponential round ties up, which differs on exact
// ties such as 0.125 or 1234.5.
import { checkSize } from "./limits.js";

const view = new DataView(new ArrayBuffer(8));

/** |x| = digits × 10^exp10 exactly (x finite and non-zero). */
function exactDecimal(x: number): { digits: bigint; exp10: number } {
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e2: number;
  if (biased === 0) e2 = -1074;
  else {
    mant |= 1n << 52n;
    e2 = biased - 1075;
  }
  if (e2 >= 0) return { digits: mant << BigInt(e2), exp10: 0 };
  // mant / 2^k = mant * 5^k / 10^k
  return { digits: mant * 5n ** BigInt(-e2), exp10: e2 };
}

/** Rounds n / 10^k to an integer, half to even. */
function roundDiv(n: bigint, k: number): bigint {
  if (k <= 0) return n * 10n ** BigInt(-k);
  const p = 10n ** BigInt(k);
  let q = n / p;
  const r = n % p;
  const twice = r * 2n;
  if (twice > p || (twice === p && q % 2n === 1n)) q += 1n;
  return q;
}

const signOf = (x: number): string => (x < 0 || Object.is(x, -0) ? "-" : "");

/** Python `'%.{nd}f' % x` for finite x. */
export function fixedDigits(x: number, nd: number): string {
  checkSize(nd); // the precision comes from the template: '%.1000000000f' is refused before building
  if (x === 0) return signOf(x) + (nd > 0 ? `0.${"0".repeat(nd)}` : "0");
  const { digits, exp10 } = exactDecimal(x);
  const q = roundDiv(digits, -(exp10 + nd)).toString();
  if (nd === 0) return signOf(x) + q;
  const padded = q.padStart(nd + 1, "0");
  return `${signOf(x)}${padded.slice(0, -nd)}.${padded.slice(-nd)}`;
}

/** The p+1 significant digits of |x| rounded half-even, and the decimal exponent of the first one. */
export function significantDigits(x: number, p: number): { mantissa: string; exponent: number } {
  checkSize(p);
  if (x === 0) return { mantissa: "0".repeat(p + 1), exponent: 0 };
  const { digits, exp10 } = exactDecimal(x);
  const len = digits.toString().length;
  let exponent = len - 1 + exp10;
  let q = roundDiv(digits, len - (p + 1)).toString();
  if (q.length > p + 1) {
    q = q.slice(0, p + 1);
    exponent++;
  }
  return { mantissa: q, exponent };
}

/** Python `'%.{p}e' % x` for finite x. */
export function expDigits(x: number, p: number, upper: boolean): string {
  const { mantissa, exponent } = significantDigits(x, p);
  const m = p > 0 ? `${mantissa[0]}.${mantissa.slice(1)}` : mantissa;
  const ae = Math.abs(exponent);
  const s = `${signOf(x)}${m}e${exponent < 0 ? "-" : "+"}${ae < 10 ? "0" : ""}${ae}`;
  return upper ? s.toUpperCase() : s;
}
