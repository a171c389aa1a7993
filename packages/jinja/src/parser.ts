// Tokens → AST, following Jinja2's grammar and its error wording. Nesting (of expressions and of blocks) is
// counted so that hostile input is rejected with a syntax error instead of overflowing the JS stack.
import type { CallArgs, Expr, Param, Program, Stmt, Target } from "./ast.js";
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

const BLOCK_TAGS = new Set([
  "for",
  "if",
  "block",
  "macro",
  "set",
  "with",
  "autoescape",
  "call",
  "filter",
  "generation",
]);
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

export class Parser {
  private i = 0;
  private depth = 0;
  private readonly maxDepth: number;
  private readonly endTokenStack: string[][] = [];
  private readonly tagStack: string[] = [];
  private readonly blockNames = new Set<string>();
  private loopDepth = 0;

  constructor(
    private readonly tokens: Token[],
    options: ParseOptions = {},
  ) {
    this.maxDepth = options.maxNestingDepth ?? 500;
  }

  // ------------------------------------------------------------ token helpers
  private get cur(): Token {
    const t = this.tokens[this.i];
    // The lexer records its error as a token, so it surfaces where Jinja2's streaming lexer would raise it.
    if (t.type === "error") throw new Fault("syntax", t.value, t.offset);
    return t;
  }
  private peek(n = 1): Token {
    return this.tokens[Math.min(this.i + n, this.tokens.length - 1)];
  }
  private next(): Token {
    const t = this.tokens[this.i];
    if (this.i < this.tokens.length - 1) this.i++;
    return t;
  }
  private isOp(v: string, t: Token = this.cur): boolean {
    return t.type === "operator" && t.value === v;
  }
  private isName(v: string, t: Token = this.cur): boolean {
    return t.type === "name" && t.value === v;
  }
  private skipOp(v: string): boolean {
    if (this.isOp(v)) {
      this.next();
      return true;
    }
    return false;
  }
  private skipName(v: string): boolean {
    if (this.isName(v)) {
      this.next();
      return true;
    }
    return false;
  }
  fail(message: string, t: Token = this.cur): never {
    throw new Fault("syntax", message, t.offset);
  }
  private expectType(type: Token["type"], description: string): Token {
    const t = this.cur;
    if (t.type !== type) this.expectFail(description);
    return this.next();
  }
  private expectOp(v: string): Token {
    if (!this.isOp(v)) this.expectFail(v);
    return this.next();
  }
  private expectFail(what: string): never {
    const t = this.cur;
    if (t.type === "eof") this.fail(`unexpected end of template, expected '${what}'.`);
    this.fail(`expected token '${what}', got '${describeToken(t)}'`);
  }
  private enter(): void {
    if (++this.depth > this.maxDepth) this.fail(`Maximum nesting depth of ${this.maxDepth} exceeded`);
  }
  private chain(count: number): void {
    if (this.depth + count > this.maxDepth) this.fail(`Maximum nesting depth of ${this.maxDepth} exceeded`);
  }

  // ------------------------------------------------------------ template structure
  parseProgram(): Program {
    const body = this.subparse(null);
    return { type: "Program", body };
  }

  private subparse(endTokens: string[] | null): Stmt[] {
    const body: Stmt[] = [];
    if (endTokens) this.endTokenStack.push(endTokens);
    this.enter();
    try {
      for (;;) {
        const t = this.cur;
        if (t.type === "eof") return body;
        if (t.type === "text") {
          this.next();
          body.push({ type: "Text", o: t.offset, text: t.value });
        } else if (t.type === "variable_begin") {
          this.next();
          const expr = this.parseTuple({ withCondexpr: true });
          body.push({ type: "Output", o: expr.o, expr });
          this.expectType("variable_end", "end of print statement");
        } else if (t.type === "block_begin") {
          this.next();
          if (endTokens && this.cur.type === "name" && endTokens.includes(this.cur.value)) return body;
          const stmt = this.parseStatement();
          if (stmt) body.push(stmt);
          this.expectType("block_end", "end of statement block");
        } else {
          this.fail("internal parser error");
        }
      }
    } finally {
      this.depth--;
      if (endTokens) this.endTokenStack.pop();
    }
  }

  private parseStatements(endTokens: string[], dropNeedle: boolean): Stmt[] {
    this.skipOp(":");
    this.expectType("block_end", "end of statement block");
    const body = this.subparse(endTokens);
    if (this.cur.type === "eof") this.failUnknownTag(null, [...this.endTokenStack, endTokens]);
    if (dropNeedle) this.next();
    return body;
  }

  private failUnknownTag(name: string | null, stack: string[][] = this.endTokenStack): never {
    const expected = new Set(stack.flat());
    const message = [name === null ? "Unexpected end of template." : `Encountered unknown tag '${name}'.`];
    if (stack.length) {
      const looking = stack[stack.length - 1].map((x) => `'${x}'`).join(" or ");
      if (name !== null && expected.has(name)) {
        message.push(
          `You probably made a nesting mistake. Jinja is expecting this tag, but currently looking for ${looking}.`,
        );
      } else {
        message.push(`Jinja was looking for the following tags: ${looking}.`);
      }
    }
    if (this.tagStack.length) {
      message.push(`The innermost block that needs to be closed is '${this.tagStack[this.tagStack.length - 1]}'.`);
    }
    this.fail(message.join(" "));
  }

  private parseStatement(): Stmt {
    const t = this.cur;
    if (t.type !== "name") this.fail("tag name expected");
    const tag = t.value;
    const known = BLOCK_TAGS.has(tag) || ["print", "extends", "include", "import", "from"].includes(tag);
    if (known) this.tagStack.push(tag);
    try {
      switch (tag) {
        case "if":
          return this.parseIf();
        case "for":
          return this.parseFor();
        case "set":
          return this.parseSet();
        case "macro":
          return this.parseMacro();
        case "call":
          return this.parseCallBlock();
        case "filter":
          return this.parseFilterBlock();
        case "with":
          return this.parseWith();
        case "block":
          return this.parseBlock();
        case "autoescape": {
          this.next();
          const expr = this.parseExpression();
          return { type: "Autoescape", o: t.offset, expr, body: this.parseStatements(["endautoescape"], true) };
        }
        case "generation":
          this.next();
          return { type: "Scope", o: t.offset, body: this.parseStatements(["endgeneration"], true) };
        case "print": {
          this.next();
          const expr = this.parseTuple({ withCondexpr: true });
          return { type: "Output", o: expr.o, expr };
        }
        case "extends":
        case "include":
        case "import":
        case "from":
          this.next();
          while (this.cur.type !== "block_end" && this.cur.type !== "eof") this.next();
          return { type: "Unsupported", o: t.offset, tag };
        case "break":
        case "continue":
          if (this.loopDepth === 0) this.fail(`'${tag}' outside loop`);
          this.next();
          return { type: tag === "break" ? "Break" : "Continue", o: t.offset };
      }
      return this.failUnknownTag(tag);
    } finally {
      if (known) this.tagStack.pop();
    }
  }

  private parseIf(): Stmt {
    const start = this.next();
    const test = this.parseTuple({ withCondexpr: false });
    const node: Stmt & { type: "If" } = { type: "If", o: start.offset, test, body: [], else: [] };
    node.body = this.parseStatements(["elif", "else", "endif"], false);
    let cur = node;
    for (;;) {
      const t = this.next();
      if (t.value === "elif") {
        const test2 = this.parseTuple({ withCondexpr: false });
        const elif: Stmt & { type: "If" } = { type: "If", o: t.offset, test: test2, body: [], else: [], elif: true };
        elif.body = this.parseStatements(["elif", "else", "endif"], false);
        cur.else = [elif];
        cur = elif;
      } else if (t.value === "else") {
        cur.else = this.parseStatements(["endif"], true);
        break;
      } else break;
    }
    return node;
  }

  private parseFor(): Stmt {
    const start = this.next();
    const target = this.parseAssignTarget(["in"], false);
    if (!this.skipName("in")) this.expectFail("in");
    const iter = this.parseTuple({ withCondexpr: false, extraEnd: ["recursive"] });
    let filter: Expr | null = null;
    if (this.skipName("if")) filter = this.parseExpression();
    const recursive = this.skipName("recursive");
    this.loopDepth++;
    const body = this.parseStatements(["endfor", "else"], false);
    this.loopDepth--;
    let elseBody: Stmt[] = [];
    if (this.next().value === "else") {
      const saved = this.loopDepth;
      this.loopDepth = 0;
      elseBody = this.parseStatements(["endfor"], true);
      this.loopDepth = saved;
    }
    return { type: "For", o: start.offset, target, iter, body, else: elseBody, filter, recursive };
  }

  private parseSet(): Stmt {
    const start = this.next();
    const target = this.parseAssignTarget(null, true);
    if (this.skipOp("=")) {
      const value = this.parseTuple({ withCondexpr: true });
      return { type: "Set", o: start.offset, target, value };
    }
    const filter = this.parseFilterChain(null);
    const body = this.parseStatements(["endset"], true);
    return { type: "SetBlock", o: start.offset, target, filter, body };
  }

  private parseSignature(): Param[] {
    const params: Param[] = [];
    const open = this.expectOp("(");
    while (!this.isOp(")")) {
      if (params.length) this.expectOp(",");
      if (this.isOp(")")) break;
      const name = this.expectType("name", "name").value;
      params.push({ name, default: this.skipOp("=") ? this.parseExpression() : null });
    }
    this.expectOp(")");
    if (params.some((p) => p.name === "caller" && p.default === null)) {
      this.fail(
        'When defining macros or call blocks the special "caller" argument must be omitted or be given a default.',
        open,
      );
    }
    return params;
  }

  private withoutLoop<T>(fn: () => T): T {
    const saved = this.loopDepth;
    this.loopDepth = 0;
    try {
      return fn();
    } finally {
      this.loopDepth = saved;
    }
  }

  private parseMacro(): Stmt {
    const start = this.next();
    const name = this.expectType("name", "name").value;
    const params = this.parseSignature();
    const body = this.withoutLoop(() => this.parseStatements(["endmacro"], true));
    return { type: "Macro", o: start.offset, name, params, body };
  }

  private parseCallBlock(): Stmt {
    const start = this.next();
    const params = this.isOp("(") ? this.parseSignature() : [];
    const call = this.parseExpression();
    if (call.type !== "Call") this.fail("expected call", start);
    const body = this.withoutLoop(() => this.parseStatements(["endcall"], true));
    return { type: "CallBlock", o: start.offset, call, params, body };
  }

  private parseFilterBlock(): Stmt {
    const start = this.next();
    const filter = this.parseFilterChain(null, true);
    if (!filter) this.fail("expected filter", start);
    const body = this.parseStatements(["endfilter"], true);
    return { type: "FilterBlock", o: start.offset, filter, body };
  }

  private parseWith(): Stmt {
    const start = this.next();
    const targets: Target[] = [];
    const values: Expr[] = [];
    while (this.cur.type !== "block_end") {
      if (targets.length) this.expectOp(",");
      targets.push(this.parseAssignTarget(null, false));
      this.expectOp("=");
      values.push(this.parseExpression());
    }
    const body = this.parseStatements(["endwith"], true);
    return { type: "With", o: start.offset, targets, values, body };
  }

  private parseBlock(): Stmt {
    const start = this.next();
    const nameTok = this.expectType("name", "name");
    const name = nameTok.value;
    if (this.blockNames.has(name)) this.fail(`block '${name}' defined twice`, nameTok);
    this.blockNames.add(name);
    const scoped = this.skipName("scoped");
    this.skipName("required");
    const body = this.withoutLoop(() => this.parseStatements(["endblock"], true));
    if (this.cur.type === "name") {
      if (this.cur.value !== name) this.fail(`'${name}' expected, got '${this.cur.value}'`);
      this.next();
    }
    return { type: "Block", o: start.offset, name, scoped, body };
  }

  private parseAssignTarget(extraEnd: string[] | null, withNamespace: boolean): Target {
    const t = this.cur;
    if (withNamespace && t.type === "name" && this.isOp(".", this.peek()) && this.peek(2).type === "name") {
      this.next();
      this.next();
      const attr = this.next().value;
      return { type: "NSRef", o: t.offset, name: t.value, attr };
    }
    const target = this.parseTuple({ simplified: true, extraEnd: extraEnd ?? [] }) as Expr;
    return this.toTarget(target);
  }

  private toTarget(e: Expr): Target {
    if (e.type === "Name") {
      return { type: "Name", o: e.o, name: e.name };
    }
    if (e.type === "Tuple") return { type: "Tuple", o: e.o, items: e.items.map((x) => this.toTarget(x)) };
    throw new Fault("syntax", `can't assign to '${e.type.toLowerCase()}'`, e.o);
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

  private parseCondexpr(): Expr {
    let expr = this.parseOr();
    while (this.skipName("if")) {
      const test = this.parseOr();
      const elseExpr = this.skipName("else") ? this.parseExpression() : null;
      expr = { type: "CondExpr", o: expr.o, test, ifTrue: expr, ifFalse: elseExpr };
    }
    return expr;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    for (let n = 1; this.skipName("or"); n++) {
      this.chain(n);
      left = { type: "Or", o: left.o, left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    for (let n = 1; this.skipName("and"); n++) {
      this.chain(n);
      left = { type: "And", o: left.o, left, right: this.parseNot() };
    }
    return left;
  }

  private parseNot(): Expr {
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

  private parseCompare(): Expr {
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

  private parseMath1(): Expr {
    let left = this.parseConcat();
    for (let n = 1; this.isOp("+") || this.isOp("-"); n++) {
      this.chain(n);
      const op = this.next().value;
      left = { type: "Binary", o: left.o, op, left, right: this.parseConcat() };
    }
    return left;
  }

  private parseConcat(): Expr {
    const first = this.parseMath2();
    if (!this.isOp("~")) return first;
    const items = [first];
    while (this.skipOp("~")) items.push(this.parseMath2());
    return { type: "Concat", o: first.o, items };
  }

  private parseMath2(): Expr {
    let left = this.parsePow();
    for (let n = 1; this.isOp("*") || this.isOp("/") || this.isOp("//") || this.isOp("%"); n++) {
      this.chain(n);
      const op = this.next().value;
      left = { type: "Binary", o: left.o, op, left, right: this.parsePow() };
    }
    return left;
  }

  private parsePow(): Expr {
    let left = this.parseUnary(true);
    for (let n = 1; this.skipOp("**"); n++) {
      this.chain(n);
      left = { type: "Binary", o: left.o, op: "**", left, right: this.parseUnary(true) };
    }
    return left;
  }

  private parseUnary(withFilter: boolean): Expr {
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

  private parsePrimary(): Expr {
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

  private parseList(): Expr {
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

  private parseDict(): Expr {
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

  private isTupleEnd(extraEnd?: string[]): boolean {
    const t = this.cur;
    if (t.type === "variable_end" || t.type === "block_end" || t.type === "eof" || this.isOp(")")) return true;
    return !!extraEnd && t.type === "name" && extraEnd.includes(t.value);
  }

  private parsePostfix(node: Expr): Expr {
    for (let n = 1; ; n++) {
      if (this.isOp(".") || this.isOp("[")) node = this.parseSubscript(node);
      else if (this.isOp("(")) node = this.parseCall(node);
      else return node;
      this.chain(n);
    }
  }

  private parseFilterExpr(node: Expr): Expr {
    for (let n = 1; ; n++) {
      if (this.isOp("|")) node = this.parseFilterChain(node) as Expr;
      else if (this.isName("is")) node = this.parseTest(node);
      else if (this.isOp("(")) node = this.parseCall(node);
      else return node;
      this.chain(n);
    }
  }

  private parseSubscript(node: Expr): Expr {
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
      this.fail("expected name or number");
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

  private parseSubscribed(obj: Expr, o: number): Expr {
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

  private parseCallArgs(): CallArgs {
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

  private parseCall(node: Expr): Expr {
    const o = this.cur.offset;
    return { type: "Call", o, callee: node, ...this.parseCallArgs() };
  }

  /** `| name(args) | name2 …`; with `value` null this parses the chain of a filter block / block set. */
  private parseFilterChain(value: Expr | null, startInline = false): Expr | null {
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

  private parseTest(node: Expr): Expr {
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

export function parseTokens(tokens: Token[], options?: ParseOptions): Program {
  return new Parser(tokens, options).parseProgram();
}
