// Tokens → AST for the template structure (statements, blocks, Jinja2's unknown-tag messages); expressions are
// parsed by the ExprParser base class.
import type { Expr, Param, Program, Stmt, Target } from "./ast.js";
import { Fault } from "./errors.js";
import type { Token } from "./lexer.js";
import { ExprParser, type ParseOptions } from "./parser-expr.js";

export { describeToken, type ParseOptions } from "./parser-expr.js";

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

export class Parser extends ExprParser {
  private readonly endTokenStack: string[][] = [];
  private readonly tagStack: string[] = [];
  private readonly blockNames = new Set<string>();
  private loopDepth = 0;

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
}

export function parseTokens(tokens: Token[], options?: ParseOptions): Program {
  return new Parser(tokens, options).parseProgram();
}
