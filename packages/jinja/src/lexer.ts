// Source → tokens in one linear pass (no regular expression ever runs over the whole source).
// Whitespace control follows Jinja2: `-` strips all whitespace on that side of a tag, trim_blocks drops the first
// newline after `%}` / `#}`, lstrip_blocks drops spaces/tabs before `{%` / `{#` when they start the line,
// `+` disables either for one tag.
import { Fault } from "./errors.js";
import { strRepr } from "./runtime/values.js";

/** Hex/octal/binary literal digits converted to a decimal token value (≈ 3,600 decimal digits at most). */
const MAX_DECIMAL_HEX = 3000;

export type TokenType =
  | "text"
  | "variable_begin"
  | "variable_end"
  | "block_begin"
  | "block_end"
  | "name"
  | "string"
  | "integer"
  | "float"
  | "operator"
  | "error"
  | "eof";

export interface Token {
  type: TokenType;
  /** Decoded value: text content, name, unescaped string, number source (underscores removed), operator. */
  value: string;
  /** Offset into the newline-normalised source. */
  offset: number;
  line: number;
}

export interface LexOptions {
  trimBlocks?: boolean;
  lstripBlocks?: boolean;
}

/** `\r\n` and `\r` become `\n`; one trailing newline is dropped (keep_trailing_newline off). */
export function normalizeSource(source: string): string {
  let s = source.indexOf("\r") === -1 ? source : source.replace(/\r\n?/g, "\n");
  if (s.endsWith("\n")) s = s.slice(0, -1);
  return s;
}

const isSpace = (c: number): boolean =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  (c >= 0x1c && c <= 0x1f) ||
  c === 0x85;
/** Python's str.rstrip() without a regular expression (`\s+$` backtracks quadratically on long text). */
function rstripSpace(s: string): string {
  let end = s.length;
  while (end > 0 && isSpace(s.charCodeAt(end - 1))) end--;
  return end === s.length ? s : s.slice(0, end);
}
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const NAME_START = /[\p{L}\p{Nl}_]/u;
const NAME_PART = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;
const isNameStart = (c: number, s: string, i: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || (c > 127 && NAME_START.test(s[i]));
const isNamePart = (c: number, s: string, i: number): boolean =>
  isNameStart(c, s, i) || isDigit(c) || (c > 127 && NAME_PART.test(s[i]));

const THREE_CHAR_OPS = new Set<string>();
const TWO_CHAR_OPS = new Set(["//", "**", "==", "!=", "<=", ">="]);
const ONE_CHAR_OPS = new Set([
  "+",
  "-",
  "/",
  "*",
  "%",
  "~",
  "<",
  ">",
  "=",
  ",",
  ".",
  ":",
  "|",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ";",
]);
void THREE_CHAR_OPS;

const SIMPLE_ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  b: "\b",
  f: "\f",
  v: "\v",
  a: "\x07",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "\n": "",
};

/** Python `unicode-escape` decoding of a string literal body (unknown escapes are kept as written). */
export function unescapeString(body: string, offset: number): string {
  if (body.indexOf("\\") === -1) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch !== "\\" || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const e = body[i + 1];
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined && Object.hasOwn(SIMPLE_ESCAPES, e)) {
      out += simple;
      i++;
    } else if (e >= "0" && e <= "7") {
      let j = i + 1;
      while (j < body.length && j < i + 4 && body[j] >= "0" && body[j] <= "7") j++;
      out += String.fromCodePoint(Number.parseInt(body.slice(i + 1, j), 8));
      i = j - 1;
    } else if (e === "x" || e === "u" || e === "U") {
      const len = e === "x" ? 2 : e === "u" ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + len);
      if (hex.length !== len || !/^[0-9a-fA-F]+$/.test(hex)) {
        throw new Fault(
          "syntax",
          `(unicode error) 'unicodeescape' codec can't decode bytes: truncated \\${e} escape`,
          offset,
        );
      }
      const cp = Number.parseInt(hex, 16);
      if (cp > 0x10ffff) throw new Fault("syntax", "(unicode error) illegal Unicode character", offset);
      out += String.fromCodePoint(cp);
      i += 1 + len;
    } else {
      out += ch;
    }
  }
  return out;
}

const STOP: unique symbol = Symbol("stop");

class Lexer {
  readonly tokens: Token[] = [];
  private pos = 0;
  private line = 1;
  private lineScanned = 0;

  constructor(
    private readonly src: string,
    private readonly trimBlocks: boolean,
    private readonly lstripBlocks: boolean,
  ) {}

  private lineAt(offset: number): number {
    // Offsets only grow, so counting newlines incrementally keeps the pass linear.
    const s = this.src;
    for (let i = this.lineScanned; i < offset; i++) if (s.charCodeAt(i) === 10) this.line++;
    if (offset > this.lineScanned) this.lineScanned = offset;
    return this.line;
  }

  private push(type: TokenType, value: string, offset: number): void {
    this.tokens.push({ type, value, offset, line: this.lineAt(offset) });
  }

  private error(message: string, offset: number): never {
    this.push("error", message, offset);
    throw STOP;
  }

  run(): Token[] {
    try {
      this.scan();
    } catch (e) {
      if (e !== STOP) throw e;
    }
    this.push("eof", "", this.src.length);
    return this.tokens;
  }

  private scan(): void {
    const s = this.src;
    const n = s.length;
    while (this.pos < n) {
      const start = this.pos;
      let i = s.indexOf("{", start);
      let kind = 0; // 1 = {{, 2 = {%, 3 = {#
      while (i !== -1 && i + 1 < n) {
        const c = s.charCodeAt(i + 1);
        if (c === 123) kind = 1;
        else if (c === 37) kind = 2;
        else if (c === 35) kind = 3;
        if (kind) break;
        i = s.indexOf("{", i + 1);
      }
      if (!kind) {
        this.push("text", s.slice(start), start);
        return;
      }
      const signCode = s.charCodeAt(i + 2);
      const sign = signCode === 45 ? "-" : signCode === 43 ? "+" : "";
      let text = s.slice(start, i);
      if (sign === "-") {
        text = rstripSpace(text);
      } else if (sign !== "+" && this.lstripBlocks && kind !== 1) {
        const lPos = text.lastIndexOf("\n") + 1;
        if ((lPos > 0 || start === 0 || s.charCodeAt(start - 1) === 10) && lPos < text.length) {
          let allSpace = true;
          for (let k = lPos; k < text.length; k++) {
            if (!isSpace(text.charCodeAt(k))) {
              allSpace = false;
              break;
            }
          }
          if (allSpace) text = text.slice(0, lPos);
        }
      }
      if (text) this.push("text", text, start);
      const afterOpen = i + 2 + (sign ? 1 : 0);
      if (kind === 3) this.comment(i, afterOpen);
      else if (kind === 2 && this.tryRaw(i, afterOpen)) continue;
      else if (!this.tag(kind, i, afterOpen)) return;
    }
  }

  /** After a tag end: `-` strips all following whitespace, trim_blocks one newline (unless `+`). */
  private afterEnd(endPos: number, sign: string, trims: boolean): number {
    const s = this.src;
    if (sign === "-") {
      while (endPos < s.length && isSpace(s.charCodeAt(endPos))) endPos++;
    } else if (sign !== "+" && trims && this.trimBlocks && s.charCodeAt(endPos) === 10) {
      endPos++;
    }
    return endPos;
  }

  private comment(open: number, from: number): void {
    const s = this.src;
    const end = s.indexOf("#}", from);
    if (end === -1) this.error("Missing end of comment tag", open);
    const before = s[end - 1];
    const sign = end - 1 >= from && (before === "-" || before === "+") ? before : "";
    this.pos = this.afterEnd(end + 2, sign, true);
  }

  /** `{% raw %}…{% endraw %}`: the body is emitted verbatim as text. */
  private tryRaw(open: number, from: number): boolean {
    const s = this.src;
    let p = from;
    while (p < s.length && isSpace(s.charCodeAt(p))) p++;
    if (s.startsWith("raw", p) === false) return false;
    p += 3;
    while (p < s.length && isSpace(s.charCodeAt(p))) p++;
    let bodyStart: number;
    if (s.startsWith("-%}", p)) bodyStart = this.afterEnd(p + 3, "-", false);
    else if (s.startsWith("%}", p)) bodyStart = p + 2;
    else return false;
    // Find `{%[-+]? endraw [-+]?%}`.
    let search = bodyStart;
    for (;;) {
      const at = s.indexOf("{%", search);
      if (at === -1) this.error("Missing end of raw directive", open);
      let q = at + 2;
      const sign = s[q] === "-" || s[q] === "+" ? s[q++] : "";
      while (q < s.length && isSpace(s.charCodeAt(q))) q++;
      if (!s.startsWith("endraw", q)) {
        search = at + 2;
        continue;
      }
      q += 6;
      while (q < s.length && isSpace(s.charCodeAt(q))) q++;
      let endSign = "";
      if (s[q] === "-" || s[q] === "+") endSign = s[q++];
      if (!s.startsWith("%}", q)) {
        search = at + 2;
        continue;
      }
      let body = s.slice(bodyStart, at);
      if (sign === "-") body = rstripSpace(body);
      else if (sign !== "+" && this.lstripBlocks) {
        const lPos = body.lastIndexOf("\n") + 1;
        if (lPos > 0 && lPos < body.length && /^[^\S\n]+$/u.test(body.slice(lPos))) body = body.slice(0, lPos);
      }
      if (body) this.push("text", body, bodyStart);
      this.pos = this.afterEnd(q + 2, endSign, true);
      return true;
    }
  }

  /** Lexes one `{{ … }}` / `{% … %}`; false when the source ends inside it (the parser reports that). */
  private tag(kind: number, open: number, from: number): boolean {
    const s = this.src;
    const n = s.length;
    const isBlock = kind === 2;
    this.push(isBlock ? "block_begin" : "variable_begin", isBlock ? "{%" : "{{", open);
    const closeCh = isBlock ? 37 : 125; // '%' or '}'
    const brackets: string[] = [];
    let p = from;
    for (;;) {
      while (p < n && isSpace(s.charCodeAt(p))) p++;
      if (p >= n) {
        this.pos = n;
        return false;
      }
      const c = s.charCodeAt(p);
      if (brackets.length === 0) {
        // Tag end: `%}` / `}}`, optionally preceded by `-` or `+` (block) / `-` (variable).
        let q = p;
        let sign = "";
        if (c === 45 || (c === 43 && isBlock)) {
          sign = s[p];
          q++;
        }
        if (s.charCodeAt(q) === closeCh && s.charCodeAt(q + 1) === 125) {
          this.push(isBlock ? "block_end" : "variable_end", isBlock ? "%}" : "}}", p);
          this.pos = this.afterEnd(q + 2, sign, isBlock);
          return true;
        }
      }
      if (isNameStart(c, s, p)) {
        let q = p + 1;
        while (q < n && isNamePart(s.charCodeAt(q), s, q)) q++;
        this.push("name", s.slice(p, q), p);
        p = q;
      } else if (isDigit(c)) {
        p = this.number(p);
      } else if (c === 39 || c === 34) {
        p = this.string(p);
      } else {
        const two = s.slice(p, p + 2);
        if (TWO_CHAR_OPS.has(two)) {
          this.push("operator", two, p);
          p += 2;
        } else if (ONE_CHAR_OPS.has(s[p])) {
          const op = s[p];
          if (op === "(" || op === "[" || op === "{") brackets.push(op === "(" ? ")" : op === "[" ? "]" : "}");
          else if (op === ")" || op === "]" || op === "}") {
            const expected = brackets.pop();
            if (expected === undefined) this.error(`unexpected '${op}'`, p);
            if (expected !== op) this.error(`unexpected '${op}', expected '${expected}'`, p);
          }
          this.push("operator", op, p);
          p++;
        } else {
          this.error(`unexpected char ${strRepr(s[p])} at ${p}`, p);
        }
      }
    }
  }

  private number(p: number): number {
    const s = this.src;
    const n = s.length;
    const start = p;
    const digitsFrom = (q: number, ok: (c: number) => boolean): number => {
      // digits with single underscores between them
      while (q < n) {
        const c = s.charCodeAt(q);
        if (ok(c)) q++;
        else if (c === 95 && q + 1 < n && ok(s.charCodeAt(q + 1))) q += 2;
        else break;
      }
      return q;
    };
    const c1 = s[p + 1];
    if (s[p] === "0" && c1 && "xXoObB".includes(c1)) {
      const base = "xX".includes(c1) ? 16 : "oO".includes(c1) ? 8 : 2;
      const ok =
        base === 16
          ? (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)
          : base === 8
            ? (c: number) => c >= 48 && c <= 55
            : (c: number) => c === 48 || c === 49;
      let q = p + 2;
      if (s[q] === "_") q++;
      const end = digitsFrom(q, ok);
      if (end > q) {
        const digits = s.slice(p + 2, end).replace(/_/g, "");
        const literal = `0${c1.toLowerCase()}${digits}`;
        // the token holds the decimal value, as Jinja2's does; a literal too long for that (a decimal conversion is
        // super-linear: 1,000,000 hex digits took seconds) keeps its prefix form, which Number() and BigInt() read
        this.push("integer", digits.length <= MAX_DECIMAL_HEX ? BigInt(literal).toString() : literal, start);
        return end;
      }
    }
    let q = digitsFrom(p, isDigit);
    let isFloat = false;
    const allDigitsEnd = q;
    // Jinja2's float rule has a (?<!\.) lookbehind: after a dot (`xs.0.1`) numbers are integers
    const afterDot = start > 0 && s[start - 1] === ".";
    if (!afterDot && s[q] === "." && isDigit(s.charCodeAt(q + 1))) {
      q = digitsFrom(q + 1, isDigit);
      isFloat = true;
    }
    if (!afterDot && (s[q] === "e" || s[q] === "E")) {
      let r = q + 1;
      if (s[r] === "+" || s[r] === "-") r++;
      if (isDigit(s.charCodeAt(r))) {
        q = digitsFrom(r, isDigit);
        isFloat = true;
      }
    }
    if (!isFloat && s[start] === "0" && allDigitsEnd > start + 1) {
      // Jinja2's integer rule for a leading zero is `0(_?0)*`: "012" lexes as 0 then 12
      q = digitsFrom(start, (c) => c === 48);
    }
    this.push(isFloat ? "float" : "integer", s.slice(start, q).replace(/_/g, ""), start);
    return q;
  }

  private string(p: number): number {
    const s = this.src;
    const quote = s[p];
    let q = p + 1;
    for (;;) {
      // an unterminated string is not a string token: Jinja2 then fails on the quote itself
      if (q >= s.length) this.error(`unexpected char ${strRepr(quote)} at ${p}`, p);
      const ch = s[q];
      if (ch === "\\") q += 2;
      else if (ch === quote) break;
      else q++;
    }
    let value: string;
    try {
      value = unescapeString(s.slice(p + 1, q), p);
    } catch (e) {
      this.error(e instanceof Fault ? e.description : String(e), p);
    }
    this.push("string", value, p);
    return q + 1;
  }
}

/** Tokenizes an already normalised source (see `normalizeSource`). */
export function lex(normalized: string, options: LexOptions = {}): Token[] {
  return new Lexer(normalized, options.trimBlocks ?? true, options.lstripBlocks ?? true).run();
}
