// Public API: Template (compile once, render many times) plus the compatibility exports tokenize / parse /
// Environment / Interpreter.
import type { Program } from "./ast.js";
import { type CompiledProgram, Compiler } from "./compiler.js";
import { asTemplateError, Fault, positionOf, TemplateError, toTemplateError } from "./errors.js";
import { lex, normalizeSource, type Token } from "./lexer.js";
import { parseTokens } from "./parser.js";
import { makeGlobals } from "./runtime/globals.js";
import { Budget, DEFAULT_LIMITS, installBudget, type Limits } from "./runtime/limits.js";
import { type HostContext, Runtime, Scope } from "./runtime/state.js";

export interface TemplateOptions {
  /** Step budget per render (default 2,000,000): statements, iterations, calls, writes, and builtins' work. */
  maxSteps?: number;
  /** Wall-clock deadline per render in milliseconds (default 1000, a safety net behind `maxSteps`; 0 disables it). */
  timeoutMs?: number;
  /** Total characters and list items one render may build (default 64 Mi). */
  maxAllocation?: number;
  /** Cap on the output and on any string or list the template builds (default 32 Mi code units). */
  maxOutputLength?: number;
  /** Nested macro / caller() / recursive-loop calls (default 200). */
  maxCallDepth?: number;
  /** Nesting of expressions and blocks accepted by the parser (default 500). */
  maxNestingDepth?: number;
  /** Clock for strftime_now (default: the current time). */
  now?: () => Date;
  /** Random source for the `random` filter (default Math.random). */
  random?: () => number;
  /** Jinja2 trim_blocks (default true, as transformers configures it). */
  trimBlocks?: boolean;
  /** Jinja2 lstrip_blocks (default true). */
  lstripBlocks?: boolean;
}

export type TemplateContext = Record<string, unknown> | Map<string, unknown>;

function positiveInt(name: string, v: unknown, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !Number.isInteger(v) || v <= 0) {
    throw new TypeError(`TemplateOptions.${name} must be a positive integer`);
  }
  return v;
}

function timeout(v: unknown): number {
  if (v === undefined) return DEFAULT_LIMITS.timeoutMs;
  if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
    throw new TypeError("TemplateOptions.timeoutMs must be a non-negative number of milliseconds (0: no deadline)");
  }
  return v;
}

function resolveLimits(o: TemplateOptions): Limits {
  return {
    maxSteps: positiveInt("maxSteps", o.maxSteps, DEFAULT_LIMITS.maxSteps),
    maxOutputLength: positiveInt("maxOutputLength", o.maxOutputLength, DEFAULT_LIMITS.maxOutputLength),
    maxCallDepth: positiveInt("maxCallDepth", o.maxCallDepth, DEFAULT_LIMITS.maxCallDepth),
    maxAllocation: positiveInt("maxAllocation", o.maxAllocation, DEFAULT_LIMITS.maxAllocation),
    timeoutMs: timeout(o.timeoutMs),
  };
}

/** Converts compile-time failures (Fault, stack overflow) into TemplateErrors. */
function compileGuard<T>(source: string, maxNesting: number, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof TemplateError) throw e;
    if (e instanceof Fault) throw toTemplateError(source, e);
    if (e instanceof RangeError) {
      throw toTemplateError(source, new Fault("syntax", `Maximum nesting depth of ${maxNesting} exceeded`, 0, e));
    }
    throw e;
  }
}

function checkContext(context: unknown): HostContext {
  if (context === undefined || context === null) return {};
  if (context instanceof Map) return context;
  if (typeof context === "object" && !Array.isArray(context)) return context as Record<string, unknown>;
  throw new TypeError("Template.render expects a context object or Map");
}

function compileProgram(program: Program, source: string): CompiledProgram {
  return new Compiler((offset) => positionOf(source, offset).line).compileProgram(program);
}

/** Runs a compiled template body against a context. */
function execute(
  program: CompiledProgram,
  source: string,
  limits: Limits,
  context: HostContext,
  globals: Map<string, unknown>,
  random: () => number,
): string {
  const budget = new Budget(limits);
  const prev = installBudget(budget);
  const rt = new Runtime(limits, budget, context, globals, random);
  const root = new Scope(null, rt, program.layout);
  rt.root = root;
  try {
    program.body(root);
    return rt.output();
  } catch (e) {
    throw asTemplateError(source, e, limits.maxCallDepth, limits.maxOutputLength);
  } finally {
    installBudget(prev);
  }
}

export class Template {
  /** The newline-normalised source the positions of errors refer to. */
  readonly source: string;
  private readonly program: CompiledProgram;
  private readonly limits: Limits;
  private readonly globals: Map<string, unknown>;
  private readonly random: () => number;

  constructor(source: string, options: TemplateOptions = {}) {
    if (typeof source !== "string") throw new TypeError("Template source must be a string");
    if (options === null || typeof options !== "object") throw new TypeError("TemplateOptions must be an object");
    this.limits = resolveLimits(options);
    const maxNestingDepth = positiveInt("maxNestingDepth", options.maxNestingDepth, 500);
    const normalized = normalizeSource(source);
    this.source = normalized;
    this.program = compileGuard(normalized, maxNestingDepth, () => {
      const tokens = lex(normalized, { trimBlocks: options.trimBlocks, lstripBlocks: options.lstripBlocks });
      const program = parseTokens(tokens, { maxNestingDepth });
      return compileProgram(program, normalized);
    });
    const now = options.now ?? (() => new Date());
    this.globals = makeGlobals(now);
    this.random = options.random ?? Math.random;
  }

  render(context?: TemplateContext): string {
    return execute(this.program, this.source, this.limits, checkContext(context), this.globals, this.random);
  }
}

// ---------------------------------------------------------------- compatibility exports

export interface PublicToken {
  value: string;
  type: Token["type"];
  line: number;
  column: number;
}

const SOURCES = new WeakMap<object, string>();

/** Tokenizes a template source (token types are documented in lexer.ts). */
export function tokenize(
  source: string,
  options: { trimBlocks?: boolean; lstripBlocks?: boolean } = {},
): PublicToken[] {
  if (typeof source !== "string") throw new TypeError("tokenize expects a string");
  const normalized = normalizeSource(source);
  const tokens = compileGuard(normalized, 500, () => lex(normalized, options));
  const out = tokens.map((t) => ({
    value: t.value,
    type: t.type,
    line: t.line,
    column: positionOf(normalized, t.offset).column,
    offset: t.offset,
  }));
  SOURCES.set(out, normalized);
  return out;
}

/** Parses tokens from `tokenize` into a program AST. */
export function parse(tokens: PublicToken[], options: { maxNestingDepth?: number } = {}): Program {
  if (!Array.isArray(tokens)) throw new TypeError("parse expects the token array returned by tokenize");
  const source = SOURCES.get(tokens) ?? "";
  const internal: Token[] = tokens.map((t) => ({
    type: t.type,
    value: t.value,
    line: t.line,
    offset: (t as PublicToken & { offset?: number }).offset ?? 0,
  }));
  const program = compileGuard(source, options.maxNestingDepth ?? 500, () => parseTokens(internal, options));
  SOURCES.set(program, source);
  return program;
}

/** A variable scope for the Interpreter compatibility API. */
export class Environment {
  private readonly vars = new Map<string, unknown>();
  constructor(readonly parent?: Environment) {}

  set(name: string, value: unknown): unknown {
    if (typeof name !== "string") throw new TypeError("Environment.set expects a variable name");
    this.vars.set(name, value);
    return value;
  }

  lookupVariable(name: string): unknown {
    if (this.vars.has(name)) return this.vars.get(name);
    return this.parent ? this.parent.lookupVariable(name) : undefined;
  }

  /** All variables, outer scopes first so inner ones win. */
  toMap(): Map<string, unknown> {
    const m = this.parent ? this.parent.toMap() : new Map<string, unknown>();
    for (const [k, v] of this.vars) m.set(k, v);
    return m;
  }
}

export class Interpreter {
  constructor(
    private readonly env: Environment = new Environment(),
    private readonly options: TemplateOptions = {},
  ) {}

  run(program: Program): { value: string } {
    if (program?.type !== "Program") throw new TypeError("Interpreter.run expects a program from parse()");
    const source = SOURCES.get(program) ?? "";
    const body = compileGuard(source, 500, () => compileProgram(program, source));
    const limits = resolveLimits(this.options);
    const globals = makeGlobals(this.options.now ?? (() => new Date()));
    return { value: execute(body, source, limits, this.env.toMap(), globals, this.options.random ?? Math.random) };
  }
}
