// Python string helpers shared by methods and filters: whitespace, strip, split, title, case tests.
import { StringBuilder } from "./builder.js";
import { chargeScan } from "./charge.js";
import { active, checkStrings } from "./limits.js";
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
        if ((words.length & 4095) === 4095) checkStrings(4096);
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
      if ((words.length & 4095) === 4095) checkStrings(4096);
      words.push(s.slice(i, j));
      j = i;
    }
    return words.reverse();
  }
  if (maxsplit < 0) {
    checkStrings(occurrences(s, sep) + 1);
    return s.split(sep);
  }
  // at most `maxsplit` cuts, found from the chosen side: `rsplit(sep, 5)` of a huge text builds 6 pieces, not all
  const parts: string[] = [];
  if (!fromRight) {
    let start = 0;
    while (parts.length < maxsplit) {
      const i = s.indexOf(sep, start);
      if (i === -1) break;
      if ((parts.length & 4095) === 4095) checkStrings(4096);
      parts.push(s.slice(start, i));
      start = i + sep.length;
    }
    parts.push(s.slice(start));
    return parts;
  }
  let end = s.length;
  while (parts.length < maxsplit && end >= sep.length) {
    const i = s.lastIndexOf(sep, end - sep.length);
    if (i === -1) break;
    if ((parts.length & 4095) === 4095) checkStrings(4096);
    parts.push(s.slice(i + sep.length, end));
    end = i;
  }
  parts.push(s.slice(0, end));
  return parts.reverse();
}

/** Non-overlapping occurrences of a non-empty `sub` in `s` (to size a split or a replace before building it). */
export function occurrences(s: string, sub: string): number {
  if (sub === "") return s.length + 1;
  let k = 0;
  for (let i = s.indexOf(sub); i !== -1; i = s.indexOf(sub, i + sub.length)) k++;
  return k;
}

/**
 * Python's line boundaries (\n \v \f \r, \x1c-\x1e, \x85, \u2028, \u2029), tested on the character code: a Set
 * lookup of each one-character string cost most of splitlines' time on a text of millions of characters.
 */
function isLineBreak(code: number): boolean {
  return (
    (code >= 0x0a && code <= 0x0d) ||
    (code >= 0x1c && code <= 0x1e) ||
    code === 0x85 ||
    code === 0x2028 ||
    code === 0x2029
  );
}

/** The index of the first line boundary at or after `from`, or the text's length. */
function lineEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) if (isLineBreak(s.charCodeAt(i))) return i;
  return s.length;
}

/** Where the next line starts after the boundary at `end` (\r\n is one boundary). */
const nextLine = (s: string, end: number): number =>
  s.charCodeAt(end) === 0x0d && s.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;

/** How many lines `pySplitlines` makes of `s`, counted before any is built. */
export function lineCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; n++) i = nextLine(s, lineEnd(s, i));
  return n;
}

/**
 * str.splitlines(), sized before it is built: a text of millions of short lines is refused at once rather than after
 * most of them are made (each line is a heap object of its own). `count` is `lineCount(s)` when the caller has it.
 */
export function pySplitlines(s: string, keepends: boolean, count = lineCount(s)): string[] {
  if (count > 4096) checkStrings(count);
  const out: string[] = new Array(count);
  for (let i = 0, n = 0; i < s.length; n++) {
    const end = lineEnd(s, i);
    const next = nextLine(s, end);
    out[n] = s.slice(i, keepends ? next : end); // past the text's end, slice stops at it
    i = next;
  }
  return out;
}

const isCased = (ch: string): boolean => ch.toLowerCase() !== ch.toUpperCase();

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
/** Steps per character of `str.title()` (it spent 2 s of CPU on 100 calls of 8 Mi before its budget ran out). */
const TITLE_STEPS_PER_CHAR = 0.5;

export function pyTitle(s: string): string {
  // a loop of engine code per character (case classes, one string per character): about 60 ns each, half a step
  active.charge(s.length * TITLE_STEPS_PER_CHAR);
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
  // the head and the lower-cased rest make a pair that V8 copies into one string at its first read (a len(), a
  // search): that second pass over the text is charged here, the case mapping by the caller
  chargeScan(s.length);
  return titleChar(first) + s.slice(first.length).toLowerCase();
}

// Python's case classes (unicodedata flags): upper is the Uppercase property, lower the Lowercase property, title
// the Lt category. Whole-string questions are answered by native regex scans, linear and without a JS loop.
const UPPER_OR_TITLE = /[\p{Uppercase}\p{Lt}]/u;
const LOWER_OR_TITLE = /[\p{Lowercase}\p{Lt}]/u;
const UPPER = /\p{Uppercase}/u;
const LOWER = /\p{Lowercase}/u;
const TITLE = /\p{Lt}/u;

/** str.islower(): no upper or title case character, and at least one lower case one. */
export const pyIsLower = (s: string): boolean => !UPPER_OR_TITLE.test(s) && LOWER.test(s);

/** str.isupper(): no lower or title case character, and at least one upper case one. */
export const pyIsUpper = (s: string): boolean => !LOWER_OR_TITLE.test(s) && UPPER.test(s);

/** Non-ASCII characters between two charges of istitle's scan (each costs about a step: three regex tests). */
const SLOW_BATCH = 256;

/**
 * str.istitle(): upper and title case characters only after uncased ones, lower case ones only after cased ones.
 * ASCII is decided inline; other characters are classified one by one and charged a step each as the scan goes,
 * so a huge non-ASCII text meets the step budget and the deadline midway.
 */
export function pyIsTitle(s: string): boolean {
  let cased = false;
  let prevCased = false;
  let slow = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let upper: boolean;
    let lower: boolean;
    if (c < 128) {
      upper = c >= 65 && c <= 90;
      lower = c >= 97 && c <= 122;
    } else {
      const cp = s.codePointAt(i) ?? c;
      if (cp > 0xffff) i++;
      const ch = String.fromCodePoint(cp);
      upper = UPPER.test(ch) || TITLE.test(ch);
      lower = !upper && LOWER.test(ch);
      if (++slow === SLOW_BATCH) {
        active.charge(SLOW_BATCH);
        slow = 0;
      }
    }
    if (upper) {
      if (prevCased) return false;
      prevCased = true;
      cased = true;
    } else if (lower) {
      if (!prevCased) return false;
      prevCased = true;
      cased = true;
    } else prevCased = false;
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
