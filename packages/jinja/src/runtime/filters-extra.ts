// Tier-2 filters (HTML / URL / text layout helpers), kept apart from the ones chat templates use.

import { typeError } from "../errors.js";
import { bind, REQUIRED } from "./args.js";
import { StringBuilder } from "./builder.js";
import { joinChecked } from "./charge.js";
import { toFloat } from "./filter-helpers.js";
import type { FilterFn } from "./filters.js";
import { pyFixed } from "./format.js";
import { active, checkProgress, checkSplit } from "./limits.js";
import { htmlEscape } from "./ops.js";
import { pformat } from "./pprint.js";
import { dictEntries, isDict, Markup, numVal, pyRepr, toStr, truthy, typeName, Undefined } from "./values.js";

const QUOTE_STEPS_PER_BYTE = 0.25;

function urlQuote(s: string, safe: string): string {
  const bytes = new TextEncoder().encode(s);
  // a regex test and a string per byte (~40 ns): charged before the loop, so a text of millions stops at once
  active.charge(bytes.length * QUOTE_STEPS_PER_BYTE);
  const out = new StringBuilder();
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9_.\-~]/.test(c) || (b < 128 && safe.includes(c))) out.add(c);
    else out.add(`%${b.toString(16).toUpperCase().padStart(2, "0")}`);
  }
  return out.toString();
}

/** Removes `<!--…-->` and `<…>` like Jinja2's `(<!--.*?-->|<[^>]*>)`, in linear time (no regex backtracking). */
function removeTags(s: string): string {
  const out = new StringBuilder();
  let i = 0;
  let commentsPossible = true;
  let tagsPossible = true;
  while (i < s.length) {
    const lt = s.indexOf("<", i);
    if (lt === -1) break;
    out.add(s.slice(i, lt));
    let end = -1;
    if (commentsPossible && s.startsWith("<!--", lt)) {
      const c = s.indexOf("-->", lt + 4);
      if (c === -1) commentsPossible = false;
      else end = c + 3;
    }
    if (end === -1 && tagsPossible) {
      const gt = s.indexOf(">", lt + 1);
      if (gt === -1) tagsPossible = false;
      else end = gt + 1;
    }
    if (end === -1) {
      out.add("<");
      i = lt + 1;
    } else i = end;
  }
  out.add(s.slice(i));
  return out.toString();
}

function striptags(s: string): string {
  checkSplit(s.length);
  const noTags = removeTags(s);
  const collapsed = noTags
    .split(/\s+/u)
    .filter((x) => x)
    .join(" ");
  return collapsed
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function wordwrap(s: string, width: number, breakLong: boolean, wrapstring: string, breakOnHyphens: boolean): string {
  checkSplit(s.length); // the words and lines below are lists as long as the text, at worst
  const paragraphs = s.split(/\r\n|\r|\n/);
  const wrapped = paragraphs.map((para) => {
    // the words are the runs of non-space (tabs are spaces, so expanding them changes no word), cut after the
    // hyphens between letters: a scan for the runs, where a split keeping every separator and a regex test of each
    // piece cost three times as much on a text of spaces
    const words: string[] = [];
    const run = /\S+/g;
    for (let m = run.exec(para); m !== null; m = run.exec(para)) {
      const w = m[0];
      if (!breakOnHyphens || !w.includes("-")) words.push(w);
      else for (const piece of w.split(/(?<=[A-Za-z]-)(?=[A-Za-z])/)) words.push(piece);
    }
    const lines: string[] = [];
    // the current line as parts + length: testing or extending one growing string made this quadratic
    let cur: string[] = [];
    let curLen = 0;
    let lastWord = "";
    const flush = () => {
      if (curLen) lines.push(cur.join(""));
      cur = [];
      curLen = 0;
    };
    for (let w of words) {
      const sep = curLen && !lastWord.endsWith("-") ? " " : "";
      if (curLen && curLen + sep.length + w.length <= width) {
        cur.push(sep, w);
        curLen += sep.length + w.length;
        lastWord = w;
        continue;
      }
      flush();
      while (breakLong && w.length > width) {
        if ((lines.length & 4095) === 4095) checkProgress(0, 4096);
        lines.push(w.slice(0, width));
        w = w.slice(width);
      }
      if (w) {
        cur.push(w);
        curLen = w.length;
      }
      lastWord = w;
    }
    flush();
    return joinChecked(lines, wrapstring);
  });
  return joinChecked(wrapped, wrapstring);
}

function filesizeformat(value: unknown, binary: boolean): string {
  const bytes = numVal(value);
  const base = binary ? 1024 : 1000;
  const prefixes = binary
    ? ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"]
    : ["kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"];
  if (bytes === 1) return "1 Byte";
  if (bytes < base) return `${Math.trunc(bytes)} Bytes`;
  let unit = base;
  let prefix = prefixes[0];
  for (let i = 0; i < prefixes.length; i++) {
    unit = base ** (i + 2);
    prefix = prefixes[i];
    if (bytes < unit) break;
  }
  return `${pyFixed((base * bytes) / unit, 1)} ${prefix}`;
}

function urlize(text: string, trimLimit: number | null, nofollow: boolean, target: string | null): string {
  checkSplit(text.length);
  const words = text.split(/(\s+)/);
  const rel = ["noopener", ...(nofollow ? ["nofollow"] : [])].join(" ");
  const attrs = ` rel="${rel}"${target ? ` target="${htmlEscape(target)}"` : ""}`;
  const trim = (x: string) => (trimLimit !== null && x.length > trimLimit ? `${x.slice(0, trimLimit)}...` : x);
  return words
    .map((word) => {
      let a = 0;
      while (a < word.length && (word[a] === "(" || word[a] === "<")) a++;
      let b = word.length;
      while (b > a && ".,)>\n".includes(word[b - 1])) b--;
      const head = word.slice(0, a);
      const middle = word.slice(a, b);
      const tail = word.slice(b);
      let link: string | null = null;
      if (/^https?:\/\//.test(middle)) link = middle;
      else if (/^www\./.test(middle) || /^[\w.-]+\.(com|net|org)$/.test(middle)) link = `https://${middle}`;
      else if (/^mailto:/.test(middle) || /^[^@\s]+@[\w.-]+\.\w+$/.test(middle)) {
        const addr = middle.replace(/^mailto:/, "");
        return `${htmlEscape(head)}<a href="mailto:${htmlEscape(addr)}">${htmlEscape(addr)}</a>${htmlEscape(tail)}`;
      }
      if (link === null) return htmlEscape(word);
      return `${htmlEscape(head)}<a href="${htmlEscape(link)}"${attrs}>${htmlEscape(trim(middle))}</a>${htmlEscape(tail)}`;
    })
    .join("");
}

export const EXTRA_FILTERS: [string, FilterFn][] = [
  [
    "filesizeformat",
    (v, a, k) => {
      const [binary] = bind("do_filesizeformat", a, k, ["binary"], [false]);
      const f = toFloat(v, null);
      if (f === null) throw typeError(`could not convert string to float: ${pyRepr(toStr(v))}`);
      return filesizeformat(f, truthy(binary));
    },
  ],
  ["pprint", (v) => pformat(v)],
  ["striptags", (v) => striptags(toStr(v))],
  [
    "urlencode",
    (v) => {
      if (typeof v === "string" || v instanceof Markup) return urlQuote(toStr(v), "/");
      const pairs = isDict(v) ? dictEntries(v) : Array.isArray(v) ? (v as unknown[][]) : null;
      if (pairs === null) return urlQuote(toStr(v), "/");
      const q = (x: unknown) => urlQuote(toStr(x), "").replace(/%20/g, "+");
      return pairs.map(([x, y]) => `${q(x)}=${q(y)}`).join("&");
    },
  ],
  [
    "urlize",
    (v, a, k) => {
      const [trimLimit, nofollow, target] = bind(
        "do_urlize",
        a,
        k,
        ["trim_url_limit", "nofollow", "target", "rel", "extra_schemes"],
        [null, false, null, null, null],
      );
      return urlize(
        toStr(v),
        trimLimit === null ? null : numVal(trimLimit),
        truthy(nofollow),
        target === null ? null : toStr(target),
      );
    },
  ],
  [
    "wordwrap",
    (v, a, k) => {
      const [width, breakLong, wrapstring, breakOnHyphens] = bind(
        "do_wordwrap",
        a,
        k,
        ["width", "break_long_words", "wrapstring", "break_on_hyphens"],
        [79, true, null, true],
      );
      return wordwrap(
        toStr(v),
        numVal(width),
        truthy(breakLong),
        wrapstring === null ? "\n" : toStr(wrapstring),
        truthy(breakOnHyphens),
      );
    },
  ],
  [
    "xmlattr",
    (v, a, k) => {
      const [autospace] = bind("do_xmlattr", a, k, ["autospace"], [true]);
      if (v instanceof Undefined) v.fail();
      if (!isDict(v)) throw typeError(`'${typeName(v)}' object has no attribute 'items'`);
      const parts: string[] = [];
      for (const [key, val] of dictEntries(v)) {
        if (val === null || val instanceof Undefined) continue;
        const name = toStr(key);
        if (/[\s/>=]/.test(name)) throw typeError(`Invalid character in attribute name: ${pyRepr(name)}`);
        parts.push(`${htmlEscape(name)}="${htmlEscape(toStr(val))}"`);
      }
      const rv = parts.join(" ");
      return new Markup(rv && truthy(autospace) ? ` ${rv}` : rv);
    },
  ],
];

export { REQUIRED };
