// Expression parsing (Jinja2's grammar and error wording), the base of the template parser in parser.ts.
// Nesting is counted so that hostile input is rejected with a syntax error instead of overflowing the JS stack.
import type { CallArgs, Expr } from "./ast.js";
import { Fault } from "./errors.js";
import type { Token } from "./lexer.js";
import { mkFloat } from "./runtime/values.js";

const TOKEN_DESCRIPTIONS: Record<string, string> = {
  eof: "end of template",
  text: "template data / text",
  variable_begin: "begin of print statement",
  variable_end: "end of print statement",
  block_begin: "begin of statement block",
  block_end: "end of statement block",
};

export function describeToken(t: Token): string {
  if (t.type === "name" || t.type === "operator") return t.value;
  return TOKEN_DESCRIPTIONS[t.type] ?? t.type;
}

const COMPARE_OPS = new Set(["==", "!=", "<", "<=", ">", ">="]);
const COMPARE_NAMES: Record<string, string> = {
  "==": "eq",
  "!=": "ne",
  "<": "lt",
  "<=": "lteq",
  ">": "gt",
  ">=": "gteq",
};

export interface ParseOptions {
  maxNestingDepth?: number;
}

export class ExprParser {
  protected i = 0;
  protected depth = 0;
  protected readonly maxDepth: number;

  constructor(
    protected readonly tokens: Token[],
    options: ParseOptions = {},
  ) {
    this.maxDepth = options.maxNestingDepth ?? 500;
  }

  // ------------------------------------------------------------ token helpers
  protected get cur(): Token {
    const t = this.tokens[this.i];
    // The lexer records its error as a token, so it surfaces where Jinja2's streaming lexer would raise it.
    if (t.type === "error") throw new Fault("syntax", t.value, t.offset);
    return t;
  }
  protected peek(n = 1): Token {
    return this.tokens[Math.min(this.i + n, this.tokens.length - 1)];
  }
  protected next(): Token {
    const t = this.tokens[this.i];
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }
  protected isOp(v: string, t: Token = this.cur): boolean {
    return t.type === "operator" && t.value === v;
  }
  protected isName(v: string, t: Token = this.cur): boolean {
    return t.type === "name" && t.value === v;
  }
  protected skipOp(v: string): boolean {
    if (this.isOp(v)) {
      this.next();
      return true;
    }
    return false;
  }
  protected skipName(v: string): boolean {
    if (this.isName(v)) {
      this.next();
      return true;
    }
    return false;
  }
  fail(message: string, t: Token = this.cur): never {
    throw new Fault("syntax", message, t.offset);
  }
  protected expectType(type: Token["type"], description: string): Token {
    const t = this.cur;
    if (t.type !== type) this.expectFail(description);
    return this.next();
  }
  protected expectOp(v: string): Token {
    if (!this.isOp(v)) this.expectFail(v);
    return this.next();
  }
  protected expectFail(what: string): never {
    const t = this.cur;
    if (t.type === "eof") this.fail(`unexpected end of template, expected '${what}'.`);
    this.fail(`expected token '${what}', got '${describeToken(t)}'`);
  }
  protected enter(): void {
    if (++this.depth > this.maxDepth) this.fail(`Maximum nesting depth of ${this.maxDepth} exceeded`);
  }
  protected chain(count: number): void {
    if (this.depth + count > this.maxDepth) this.fail(`Maximum nesting depth of ${this.maxDepth} exceeded`);
  }

  // ------------------------------------------------------------ expressions
  parseExpression(withCondexpr = true): Expr {
    this.enter();
    try {
      return withCondexpr ? this.parseCondexpr() : this.parseOr();
    } finally {
      this.depth--;
    }
  }

  protected parseCondexpr(): Expr {
    let expr = this.parseOr();
    while (this.skipName("if")) {
      const test = this.parseOr();
      const elseExpr = this.skipName("else") ? this.parseExpression() : null;
      expr = { type: "CondExpr", o: expr.o, test, ifTrue: expr, ifFalse: elseExpr };
    }
    return expr;
  }

  protected parseOr(): Expr {
    let left = this.parseAnd();
    for (let n = 1; this.skipName("or"); n++) {
      this.chain(n);
      left = { type: "Or", o: left.o, left, right: this.parseAnd() };
    }
    return left;
  }

  protected parseAnd(): Expr {
    let left = this.parseNot();
    for (let n = 1; this.skipName("and"); n++) {
      this.chain(n);
      left = { type: "And", o: left.o, left, right: this.parseNot() };
    }
    return left;
  }

  protected parseNot(): Expr {
    if (this.isName("not")) {
      const t = this.next();
      this.enter();
      try {
        return { type: "Unary", o: t.offset, op: "not", operand: this.parseNot() };
      } finally {
        this.depth--;
      }
    }
    return this.parseCompare();
  }

  protected parseCompare(): Expr {
    const first = this.parseMath1();
    const ops: [string, Expr][] = [];
    for (;;) {
      const t = this.cur;
      if (t.type === "operator" && COMPARE_OPS.has(t.value)) {
        this.next();
        ops.push([COMPARE_NAMES[t.value], this.parseMath1()]);
      } else if (this.skipName("in")) {
        ops.push(["in", this.parseMath1()]);
      } else if (this.isName("not") && this.isName("in", this.peek())) {
        this.next();
        this.next();
        ops.push(["notin", this.parseMath1()]);
      } else break;
      this.chain(ops.length);
    }
    return ops.length ? { type: "Compare", o: first.o, first, ops } : first;
  }

  protected parseMath1(): Expr {
    let left = this.parseConcat();
    for (let n = 1; this.isOp("+") || this.isOp("-"); n++) {
      this.chain(n);
      const op = this.next().value;
      left = { type: "Binary", o: left.o, op, left, right: this.parseConcat() };
    }
    return left;
  }

  protected parseConcat(): Expr {
    const first = this.parseMath2();
    if (!this.isOp("~")) return first;
    const items = [first];
    while (this.skipOp("~")) items.push(this.parseMath2());
    return { type: "Concat", o: first.o, items };
  }

  protected parseMath2(): Expr {
    let left = this.parsePow();
    for (let n = 1; this.isOp("*") || this.isOp("/") || this.isOp("//") || this.isOp("%"); n++) {
      this.chain(n);
      const op = this.next().value;
      left = { type: "Binary", o: left.o, op, left, right: this.parsePow() };
    }
    return left;
  }

  protected parsePow(): Expr {
    let left = this.parseUnary(true);
    for (let n = 1; this.skipOp("**"); n++) {
      this.chain(n);
      left = { type: "Binary", o: left.o, op: "**", left, right: this.parseUnary(true) };
    }
    return left;
  }

  protected parseUnary(withFilter: boolean): Expr {
    const t = this.cur;
    let node: Expr;
    if (this.isOp("-") || this.isOp("+")) {
      this.next();
      this.enter();
      try {
        node = { type: "Unary", o: t.offset, op: t.value as "-" | "+", operand: this.parseUnary(false) };
      } finally {
        this.depth--;
      }
    } else {
      node = this.parsePostfix(this.parsePrimary());
    }
    return withFilter ? this.parseFilterExpr(node) : node;
  }

  protected parsePrimary(): Expr {
    const t = this.cur;
    switch (t.type) {
      case "name": {
        this.next();
        const v = t.value;
        if (v === "true" || v === "True") return { type: "Const", o: t.offset, value: true };
        if (v === "false" || v === "False") return { type: "Const", o: t.offset, value: false };
        if (v === "none" || v === "None") return { type: "Const", o: t.offset, value: null };
        return { type: "Name", o: t.offset, name: v };
      }
      case "string": {
        this.next();
        let value = t.value;
        while (this.cur.type === "string") value += this.next().value;
        return { type: "Const", o: t.offset, value };
      }
      case "integer": {
        this.next();
        const n = Number(t.value);
        return { type: "Const", o: t.offset, value: Number.isSafeInteger(n) ? n : BigInt(t.value) };
      }
      case "float": {
        this.next();
        const n = Number(t.value);
        return { type: "Const", o: t.offset, value: mkFloat(n) };
      }
      case "operator":
        if (t.value === "(") {
          this.next();
          this.enter();
          try {
            const e = this.parseTuple({ explicitParens: true, withCondexpr: true });
            this.expectOp(")");
            return e;
          } finally {
            this.depth--;
          }
        }
        if (t.value === "[") return this.parseList();
        if (t.value === "{") return this.parseDict();
        break;
    }
    this.fail(`unexpected '${describeToken(t)}'`);
  }

  protected parseList(): Expr {
    const t = this.next();
    this.enter();
    const items: Expr[] = [];
    while (!this.isOp("]")) {
      if (items.length) this.expectOp(",");
      if (this.isOp("]")) break;
      items.push(this.parseExpression());
    }
    this.expectOp("]");
    this.depth--;
    return { type: "List", o: t.offset, items };
  }

  protected parseDict(): Expr {
    const t = this.next();
    this.enter();
    const pairs: [Expr, Expr][] = [];
    while (!this.isOp("}")) {
      if (pairs.length) this.expectOp(",");
      if (this.isOp("}")) break;
      const key = this.parseExpression();
      this.expectOp(":");
      pairs.push([key, this.parseExpression()]);
    }
    this.expectOp("}");
    this.depth--;
    return { type: "Dict", o: t.offset, pairs };
  }

  parseTuple(opts: {
    simplified?: boolean;
    withCondexpr?: boolean;
    extraEnd?: string[];
    explicitParens?: boolean;
  }): Expr {
    const start = this.cur;
    const items: Expr[] = [];
    let isTuple = false;
    for (;;) {
      if (items.length) this.expectOp(",");
      if (this.isTupleEnd(opts.extraEnd)) break;
      items.push(opts.simplified ? this.parsePrimary() : this.parseExpression(opts.withCondexpr ?? true));
      if (this.isOp(",")) isTuple = true;
      else break;
    }
    if (!isTuple) {
      if (items.length) return items[0];
      if (!opts.explicitParens) this.fail(`Expected an expression, got '${describeToken(this.cur)}'`);
    }
    return { type: "Tuple", o: start.offset, items };
  }

  protected isTupleEnd(extraEnd?: string[]): boolean {
    const t = this.cur;
    if (t.type === "variable_end" || t.type === "block_end" || t.type === "eof" || this.isOp(")")) return true;
    return !!extraEnd && t.type === "name" && extraEnd.includes(t.value);
  }

  protected parsePostfix(node: Expr): Expr {
    for (let n = 1; ; n++) {
      if (this.isOp(".") || this.isOp("[")) node = this.parseSubscript(node);
      else if (this.isOp("(")) node = this.parseCall(node);
      else return node;
      this.chain(n);
    }
  }

  protected parseFilterExpr(node: Expr): Expr {
    for (let n = 1; ; n++) {
      if (this.isOp("|")) node = this.parseFilterChain(node) as Expr;
      else if (this.isName("is")) node = this.parseTest(node);
      else if (this.isOp("(")) node = this.parseCall(node);
      else return node;
      this.chain(n);
    }
  }

  protected parseSubscript(node: Expr): Expr {
    const t = this.next();
    if (t.value === ".") {
      const a = this.cur;
      if (a.type === "name") {
        this.next();
        return { type: "GetAttr", o: t.offset, obj: node, name: a.value };
      }
      if (a.type === "integer") {
        this.next();
        return { type: "GetItem", o: t.offset, obj: node, key: { type: "Const", o: a.offset, value: Number(a.value) } };
      }
      // Jinja2 moves past the token before checking it, so a lexer error right after it wins
      this.next();
      void this.cur;
      this.fail("expected name or number", a);
    }
    this.enter();
    const args: Expr[] = [];
    let slice: Expr | null = null;
    while (!this.isOp("]")) {
      if (args.length || slice) this.expectOp(",");
      const s = this.parseSubscribed(node, t.offset);
      if (s.type === "Slice" && s.obj === node) slice = s;
      else args.push(s);
    }
    this.expectOp("]");
    this.depth--;
    if (slice && !args.length) return slice;
    if (slice) this.fail("unsupported subscript");
    const key: Expr = args.length === 1 ? args[0] : { type: "Tuple", o: t.offset, items: args };
    return { type: "GetItem", o: t.offset, obj: node, key };
  }

  protected parseSubscribed(obj: Expr, o: number): Expr {
    let start: Expr | null = null;
    if (!this.isOp(":")) {
      start = this.parseExpression();
      if (!this.isOp(":")) return start;
    }
    this.next();
    let stop: Expr | null = null;
    let step: Expr | null = null;
    if (!this.isOp("]") && !this.isOp(",") && !this.isOp(":")) stop = this.parseExpression();
    if (this.skipOp(":") && !this.isOp("]") && !this.isOp(",")) step = this.parseExpression();
    return { type: "Slice", o, obj, start, stop, step };
  }

  protected parseCallArgs(): CallArgs {
    const open = this.expectOp("(");
    this.enter();
    const result: CallArgs = { args: [], kwargs: [], starArgs: null, starKwargs: null };
    let first = true;
    while (!this.isOp(")")) {
      if (!first) {
        this.expectOp(",");
        if (this.isOp(")")) break;
      }
      first = false;
      if (this.skipOp("*")) {
        if (result.starArgs || result.starKwargs) this.fail("invalid syntax for function call expression", open);
        result.starArgs = this.parseExpression();
      } else if (this.skipOp("**")) {
        if (result.starKwargs) this.fail("invalid syntax for function call expression", open);
        result.starKwargs = this.parseExpression();
      } else if (this.cur.type === "name" && this.isOp("=", this.peek())) {
        if (result.starKwargs) this.fail("invalid syntax for function call expression", open);
        const key = this.next().value;
        this.next();
        result.kwargs.push([key, this.parseExpression()]);
      } else {
        if (result.kwargs.length || result.starArgs || result.starKwargs) {
          this.fail("invalid syntax for function call expression", open);
        }
        result.args.push(this.parseExpression());
      }
    }
    this.expectOp(")");
    this.depth--;
    return result;
  }

  protected parseCall(node: Expr): Expr {
    const o = this.cur.offset;
    return { type: "Call", o, callee: node, ...this.parseCallArgs() };
  }

  /** `| name(args) | name2 …`; with `value` null this parses the chain of a filter block / block set. */
  protected parseFilterChain(value: Expr | null, startInline = false): Expr | null {
    let node = value;
    let n = 0;
    while (this.isOp("|") || startInline) {
      if (!startInline) this.next();
      startInline = false;
      const t = this.expectType("name", "name");
      let name = t.value;
      while (this.isOp(".")) {
        this.next();
        name += `.${this.expectType("name", "name").value}`;
      }
      const args: CallArgs = this.isOp("(")
        ? this.parseCallArgs()
        : { args: [], kwargs: [], starArgs: null, starKwargs: null };
      node = { type: "Filter", o: t.offset, value: node, name, ...args };
      this.chain(++n);
    }
    return node;
  }

  protected parseTest(node: Expr): Expr {
    const isTok = this.next();
    const negated = this.skipName("not");
    const t = this.expectType("name", "name");
    let name = t.value;
    while (this.isOp(".")) {
      this.next();
      name += `.${this.expectType("name", "name").value}`;
    }
    let args: CallArgs = { args: [], kwargs: [], starArgs: null, starKwargs: null };
    const c = this.cur;
    if (this.isOp("(")) args = this.parseCallArgs();
    else if (
      (["name", "string", "integer", "float"].includes(c.type) || this.isOp("[") || this.isOp("{")) &&
      !this.isName("else") &&
      !this.isName("or") &&
      !this.isName("and")
    ) {
      if (this.isName("is")) this.fail("You cannot chain multiple tests with is");
      args.args = [this.parsePostfix(this.parsePrimary())];
    }
    void isTok;
    return { type: "Test", o: t.offset, value: node, name, negated, ...args };
  }
}
