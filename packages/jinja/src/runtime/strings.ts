// Python string helpers shared by methods and filters: whitespace, strip, split, title, case tests.
import { StringBuilder } from "./builder.js";
import { checkItems } from "./limits.js";
import { codePoints } from "./values.js";

/** Python str.isspace() for one UTF-16 unit (no whitespace lives outside the BMP). */
export const isPySpace = (c: number): boolean =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  (c >= 0x1c && c <= 0x1f) ||
  c === 0x85 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000;

export function pyStrip(s: string, chars: string | null, left: boolean, right: boolean): string {
  let a = 0;
  let b = s.length;
  if (chars === null) {
    if (left) while (a < b && isPySpace(s.charCodeAt(a))) a++;
    if (right) while (b > a && isPySpace(s.charCodeAt(b - 1))) b--;
    return s.slice(a, b);
  }
  const set = new Set(Array.from(chars));
  const cps = codePoints(s);
  let i = 0;
  let j = cps.length;
  if (left) while (i < j && set.has(cps[i])) i++;
  if (right) while (j > i && set.has(cps[j - 1])) j--;
  return cps.slice(i, j).join("");
}

/** Python str.split / str.rsplit. */
export function pySplit(s: string, sep: string | null, maxsplit: number, fromRight: boolean): string[] {
  if (sep === null) {
    const words: string[] = [];
    // split on runs of whitespace, honouring maxsplit from the chosen side
    if (!fromRight) {
      let i = 0;
      const n = s.length;
      while (i < n) {
        while (i < n && isPySpace(s.charCodeAt(i))) i++;
        if (i >= n) break;
        if (maxsplit >= 0 && words.length === maxsplit) {
          words.push(s.slice(i)); // the rest keeps its trailing whitespace
          break;
        }
        let j = i;
        while (j < n && !isPySpace(s.charCodeAt(j))) j++;
        if ((words.length & 4095) === 4095) checkItems(4096);
        words.push(s.slice(i, j));
        i = j;
      }
      return words;
    }
    let j = s.length;
    while (j > 0) {
      while (j > 0 && isPySpace(s.charCodeAt(j - 1))) j--;
      if (j <= 0) break;
      if (maxsplit >= 0 && words.length === maxsplit) {
        words.push(s.slice(0, j)); // the rest keeps its leading whitespace
        break;
      }
      let i = j;
      while (i > 0 && !isPySpace(s.charCodeAt(i - 1))) i--;
      if ((words.length & 4095) === 4095) checkItems(4096);
      words.push(s.slice(i, j));
      j = i;
    }
    return words.reverse();
  }
  checkItems(occurrences(s, sep) + 1);
  const parts = s.split(sep);
  if (maxsplit < 0 || parts.length - 1 <= maxsplit) return parts;
  if (!fromRight) return [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(sep)];
  const keep = parts.length - maxsplit;
  return [parts.slice(0, keep).join(sep), ...parts.slice(keep)];
}

/** Non-overlapping occurrences of a non-empty `sub` in `s` (to size a split or a replace before building it). */
export function occurrences(s: string, sub: string): number {
  if (sub === "") return s.length + 1;
  let k = 0;
  for (let i = s.indexOf(sub); i !== -1; i = s.indexOf(sub, i + sub.length)) k++;
  return k;
}

const LINE_BREAKS = new Set(["\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]);

export function pySplitlines(s: string, keepends: boolean): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (!LINE_BREAKS.has(ch)) continue;
    let end = i + 1;
    if (ch === "\r" && s[i + 1] === "\n") end++;
    if ((out.length & 4095) === 4095) checkItems(4096);
    out.push(s.slice(start, keepends ? end : i));
    start = end;
    i = end - 1;
  }
  if (start < s.length) out.push(s.slice(start));
  return out;
}

const isCased = (ch: string): boolean => ch.toLowerCase() !== ch.toUpperCase();
const isUpperCh = (ch: string): boolean => isCased(ch) && ch === ch.toUpperCase() && ch !== ch.toLowerCase();
const isLowerCh = (ch: string): boolean => isCased(ch) && ch === ch.toLowerCase() && ch !== ch.toUpperCase();

// Characters whose titlecase differs from their uppercase (Unicode digraphs).
const TITLECASE: Record<string, string> = {
  Ǆ: "ǅ",
  ǅ: "ǅ",
  ǆ: "ǅ",
  Ǉ: "ǈ",
  ǈ: "ǈ",
  ǉ: "ǈ",
  Ǌ: "ǋ",
  ǋ: "ǋ",
  ǌ: "ǋ",
  Ǳ: "ǲ",
  ǲ: "ǲ",
  ǳ: "ǲ",
};

/** Python's titlecase of one character: 'ß' → 'Ss', 'ﬁ' → 'Fi', 'ǆ' → 'ǅ'. */
export function titleChar(ch: string): string {
  const t = TITLECASE[ch];
  if (t !== undefined) return t;
  const up = ch.toUpperCase();
  if (up.length > 1 && Array.from(up).length > 1) {
    const [first, ...rest] = Array.from(up);
    return first + rest.join("").toLowerCase();
  }
  return up;
}

/** Python str.title(): a letter after an uncased character starts a word. */
export function pyTitle(s: string): string {
  const out = new StringBuilder();
  let prevCased = false;
  for (const ch of s) {
    if (isCased(ch)) {
      out.add(prevCased ? ch.toLowerCase() : titleChar(ch));
      prevCased = true;
    } else {
      out.add(ch);
      prevCased = false;
    }
  }
  return out.toString();
}

export function pyCapitalize(s: string): string {
  if (!s) return s;
  const first = String.fromCodePoint(s.codePointAt(0) ?? 0);
  return titleChar(first) + s.slice(first.length).toLowerCase();
}

export function pyIsLower(s: string): boolean {
  let cased = false;
  for (const ch of s) {
    if (isUpperCh(ch)) return false;
    if (isLowerCh(ch)) cased = true;
  }
  return cased;
}

export function pyIsUpper(s: string): boolean {
  let cased = false;
  for (const ch of s) {
    if (isLowerCh(ch)) return false;
    if (isUpperCh(ch)) cased = true;
  }
  return cased;
}

export const pyIsDigit = (s: string): boolean => s.length > 0 && /^\p{Nd}+$/u.test(s);
export const pyIsAlpha = (s: string): boolean => s.length > 0 && /^\p{L}+$/u.test(s);
export const pyIsAlnum = (s: string): boolean => s.length > 0 && /^[\p{L}\p{N}]+$/u.test(s);
export const pyIsNumeric = (s: string): boolean => s.length > 0 && /^\p{N}+$/u.test(s);
export function pyIsSpace(s: string): boolean {
  if (!s) return false;
  for (let i = 0; i < s.length; i++) if (!isPySpace(s.charCodeAt(i))) return false;
  return true;
}
export function pyIsTitle(s: string): boolean {
  let cased = false;
  let prevCased = false;
  for (const ch of s) {
    if (isUpperCh(ch)) {
      if (prevCased) return false;
      prevCased = true;
      cased = true;
    } else if (isLowerCh(ch)) {
      if (!prevCased) return false;
      prevCased = true;
      cased = true;
    } else prevCased = false;
  }
  return cased;
}

const ND = /\p{Nd}/u;
/** Python's int()/float() accept any Unicode decimal digit: map them to ASCII (digit blocks start at a zero). */
export function asciiDigits(s: string): string {
  if (!/[^\x00-\x7f]/.test(s)) return s;
  return s.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0) ?? 0;
    let start = cp;
    while (start > 0 && cp - start < 60 && ND.test(String.fromCodePoint(start - 1))) start--;
    return String((cp - start) % 10);
  });
}

/** Converts a UTF-16 index into a code point index (they differ only when astral characters precede it). */
export function cpIndex(s: string, utf16: number): number {
  if (utf16 <= 0) return utf16;
  let n = 0;
  for (let i = 0; i < utf16; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}
