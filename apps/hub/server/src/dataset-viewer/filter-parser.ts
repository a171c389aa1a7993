// `/filter`'s `where` and `orderby` (README.md §4): our own tokenizer and recursive-descent parser for a small safe
// subset of SQL, into an AST that sql-emit turns into SQL with every column quoted from the split's real schema and
// every literal a bound parameter. No user text is ever placed in SQL; anything outside the grammar is a 400.
import { ApiError } from "../api/api-error.js";

export type Literal = string | number | boolean | null;

export type Condition =
  | { kind: "and" | "or"; left: Condition; right: Condition }
  | { kind: "not"; operand: Condition }
  | { kind: "compare"; column: string; op: "=" | "!=" | "<" | "<=" | ">" | ">="; value: Literal }
  | { kind: "isNull"; column: string; negated: boolean }
  | { kind: "in"; column: string; values: Literal[]; negated: boolean }
  | { kind: "like"; column: string; pattern: string; caseInsensitive: boolean; negated: boolean };

export interface OrderTerm {
  column: string;
  descending: boolean;
}

const MAX_WHERE_LENGTH = 2000;
export const MAX_DEPTH = 20;
const MAX_TERMS = 200;
const MAX_IN_VALUES = 100;
const MAX_ORDER_TERMS = 5;

type Token =
  | { type: "word"; text: string; at: number }
  | { type: "quoted"; text: string; at: number }
  | { type: "string"; text: string; at: number }
  | { type: "number"; value: number; at: number }
  | { type: "symbol"; text: string; at: number };

export function invalid(message: string): ApiError {
  return new ApiError(400, message, { headers: { "X-Error-Code": "InvalidParameter" } });
}

function tokenize(text: string, what: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    const at = i;
    if (char === "'" || char === '"') {
      // A quoted string ('…') or column name ("…"), the quote doubled inside.
      let value = "";
      i++;
      for (;;) {
        if (i >= text.length) throw invalid(`Unterminated quote at position ${at} of ${what}`);
        if (text[i] === char) {
          if (text[i + 1] === char) {
            value += char;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i];
        i++;
      }
      tokens.push(char === "'" ? { type: "string", text: value, at } : { type: "quoted", text: value, at });
    } else if (
      /[0-9]/.test(char) ||
      (char === "-" && /[0-9.]/.test(text[i + 1] ?? "")) ||
      (char === "." && /[0-9]/.test(text[i + 1] ?? ""))
    ) {
      const match = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i));
      const value = Number(match?.[0]);
      if (match === null || !Number.isFinite(value)) throw invalid(`Invalid number at position ${at} of ${what}`);
      tokens.push({ type: "number", value, at });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i)) as RegExpExecArray;
      tokens.push({ type: "word", text: match[0], at });
      i += match[0].length;
    } else {
      const two = text.slice(i, i + 2);
      if (two === "<=" || two === ">=" || two === "!=" || two === "<>") {
        tokens.push({ type: "symbol", text: two === "<>" ? "!=" : two, at });
        i += 2;
      } else if ("=<>(),".includes(char)) {
        tokens.push({ type: "symbol", text: char, at });
        i++;
      } else throw invalid(`Unexpected character ${JSON.stringify(char)} at position ${at} of ${what}`);
    }
  }
  return tokens;
}

const KEYWORDS = new Set(["AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE", "ILIKE", "TRUE", "FALSE", "ASC", "DESC"]);

class Parser {
  private position = 0;
  private terms = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly what: string,
    private readonly columns: ReadonlySet<string>,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private fail(message: string): never {
    const token = this.peek();
    throw invalid(`${message} at ${token === undefined ? "the end" : `position ${token.at}`} of ${this.what}`);
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token?.type === "word" && token.text.toUpperCase() === word;
  }

  private isSymbol(symbol: string): boolean {
    const token = this.peek();
    return token?.type === "symbol" && token.text === symbol;
  }

  private take(): Token {
    const token = this.peek();
    if (token === undefined) this.fail("Unexpected end");
    this.position++;
    return token;
  }

  done(): void {
    if (this.peek() !== undefined) this.fail("Unexpected token");
  }

  column(): string {
    const token = this.take();
    let name: string;
    if (token.type === "quoted") name = token.text;
    else if (token.type === "word" && !KEYWORDS.has(token.text.toUpperCase())) name = token.text;
    else {
      this.position--;
      this.fail("Expected a column name");
    }
    // A word followed by "(" is a function call: outside the subset.
    if (token.type === "word" && this.isSymbol("(")) this.fail("Function calls are not allowed");
    if (!this.columns.has(name)) {
      this.position--;
      this.fail(`Unknown column ${JSON.stringify(name.slice(0, 100))}`);
    }
    return name;
  }

  literal(): Literal {
    const token = this.take();
    if (token.type === "string") return token.text;
    if (token.type === "number") return token.value;
    if (token.type === "word") {
      const upper = token.text.toUpperCase();
      if (upper === "TRUE") return true;
      if (upper === "FALSE") return false;
      if (upper === "NULL") return null;
    }
    this.position--;
    return this.fail("Expected a value (a 'quoted string', a number, true, false or null)");
  }

  or(depth: number): Condition {
    if (depth > MAX_DEPTH) this.fail(`Nested deeper than ${MAX_DEPTH} levels`);
    let left = this.and(depth);
    while (this.isWord("OR")) {
      this.position++;
      left = { kind: "or", left, right: this.and(depth) };
    }
    return left;
  }

  private and(depth: number): Condition {
    let left = this.not(depth);
    while (this.isWord("AND")) {
      this.position++;
      left = { kind: "and", left, right: this.not(depth) };
    }
    return left;
  }

  private not(depth: number): Condition {
    if (this.isWord("NOT")) {
      this.position++;
      if (depth + 1 > MAX_DEPTH) this.fail(`Nested deeper than ${MAX_DEPTH} levels`);
      return { kind: "not", operand: this.not(depth + 1) };
    }
    return this.primary(depth);
  }

  private primary(depth: number): Condition {
    if (this.isSymbol("(")) {
      this.position++;
      const inner = this.or(depth + 1);
      if (!this.isSymbol(")")) this.fail('Expected ")"');
      this.position++;
      return inner;
    }
    if (++this.terms > MAX_TERMS) this.fail(`More than ${MAX_TERMS} conditions`);
    const column = this.column();
    const token = this.peek();
    if (token?.type === "symbol" && ["=", "!=", "<", "<=", ">", ">="].includes(token.text)) {
      this.position++;
      return { kind: "compare", column, op: token.text as "=", value: this.literal() };
    }
    if (this.isWord("IS")) {
      this.position++;
      const negated = this.isWord("NOT");
      if (negated) this.position++;
      if (!this.isWord("NULL")) this.fail("Expected NULL");
      this.position++;
      return { kind: "isNull", column, negated };
    }
    const negated = this.isWord("NOT");
    if (negated) this.position++;
    if (this.isWord("IN")) {
      this.position++;
      if (!this.isSymbol("(")) this.fail('Expected "(" after IN');
      this.position++;
      const values: Literal[] = [this.literal()];
      while (this.isSymbol(",")) {
        this.position++;
        if (values.length >= MAX_IN_VALUES) this.fail(`More than ${MAX_IN_VALUES} values in IN`);
        values.push(this.literal());
      }
      if (!this.isSymbol(")")) this.fail('Expected ")"');
      this.position++;
      return { kind: "in", column, values, negated };
    }
    if (this.isWord("LIKE") || this.isWord("ILIKE")) {
      const caseInsensitive = this.isWord("ILIKE");
      this.position++;
      const pattern = this.take();
      if (pattern.type !== "string") {
        this.position--;
        this.fail("Expected a 'quoted' pattern");
      }
      return { kind: "like", column, pattern: pattern.text, caseInsensitive, negated };
    }
    return this.fail("Expected a comparison (=, !=, <, <=, >, >=, IS NULL, IN, LIKE)");
  }

  orderTerm(): OrderTerm {
    const column = this.column();
    let descending = false;
    if (this.isWord("ASC") || this.isWord("DESC")) {
      descending = this.isWord("DESC");
      this.position++;
    }
    return { column, descending };
  }

  isComma(): boolean {
    if (!this.isSymbol(",")) return false;
    this.position++;
    return true;
  }
}

function checkedText(text: string, what: string): string {
  if (text.length > MAX_WHERE_LENGTH) throw invalid(`${what} is longer than ${MAX_WHERE_LENGTH} characters`);
  return text;
}

/** Parses `where` against the split's columns; throws a 400 ApiError naming the position of the problem. */
export function parseWhere(text: string, columns: ReadonlySet<string>): Condition {
  const tokens = tokenize(checkedText(text, "where"), "where");
  if (tokens.length === 0) throw invalid("Empty where");
  const parser = new Parser(tokens, "where", columns);
  const condition = parser.or(0);
  parser.done();
  return condition;
}

export function parseOrderBy(text: string, columns: ReadonlySet<string>): OrderTerm[] {
  const tokens = tokenize(checkedText(text, "orderby"), "orderby");
  if (tokens.length === 0) throw invalid("Empty orderby");
  const parser = new Parser(tokens, "orderby", columns);
  const terms = [parser.orderTerm()];
  while (parser.isComma()) {
    if (terms.length >= MAX_ORDER_TERMS) throw invalid(`At most ${MAX_ORDER_TERMS} orderby columns`);
    terms.push(parser.orderTerm());
  }
  parser.done();
  return terms;
}
