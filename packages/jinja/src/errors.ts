// One error class for every template problem, plus the cheap internal `Fault` the engine throws at render time.
// A Fault carries only a source offset; it becomes a TemplateError (line, column, caret excerpt) at the API edge,
// so hot paths never compute positions.

export type ErrorKind = "syntax" | "undefined" | "type" | "security" | "limit" | "raised" | "unsupported";

export class TemplateError extends Error {
  override readonly name = "TemplateError" as const;
  readonly kind: ErrorKind;
  readonly description: string;
  readonly line: number;
  readonly column: number;
  readonly excerpt: string;

  constructor(kind: ErrorKind, description: string, line: number, column: number, excerpt: string, cause?: unknown) {
    super(`${description} (line ${line}, column ${column})\n${excerpt}`, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.description = description;
    this.line = line;
    this.column = column;
    this.excerpt = excerpt;
  }
}

/** Internal error: kind + description + offset into the (newline-normalised) source, -1 when not yet known. */
export class Fault {
  offset: number;
  constructor(
    readonly kind: ErrorKind,
    readonly description: string,
    offset = -1,
    readonly cause?: unknown,
  ) {
    this.offset = offset;
  }
}

export const fault = (kind: ErrorKind, description: string, offset = -1): Fault => new Fault(kind, description, offset);
export const typeError = (description: string): Fault => new Fault("type", description);

/** Position of `offset` in `source`: 1-based line and 1-based column counted in code points. */
export function positionOf(source: string, offset: number): { line: number; column: number; lineStart: number } {
  const end = Math.max(0, Math.min(offset, source.length));
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf("\n"); i !== -1 && i < end; i = source.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  let column = 1;
  for (let i = lineStart; i < end; i++) {
    const c = source.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) column++;
  }
  return { line, column, lineStart };
}

function excerptAt(source: string, line: number, column: number, lineStart: number): string {
  let lineEnd = source.indexOf("\n", lineStart);
  if (lineEnd === -1) lineEnd = source.length;
  const text = source.slice(lineStart, lineEnd);
  const num = String(line);
  return `  ${num} | ${text}\n  ${" ".repeat(num.length)} | ${" ".repeat(column - 1)}^`;
}

export function toTemplateError(source: string, f: Fault): TemplateError {
  const { line, column, lineStart } = positionOf(source, f.offset < 0 ? 0 : f.offset);
  return new TemplateError(f.kind, f.description, line, column, excerptAt(source, line, column, lineStart), f.cause);
}

/** Converts anything thrown during a render into a TemplateError (host errors are wrapped, stack overflows are limits). */
export function asTemplateError(
  source: string,
  err: unknown,
  maxCallDepth: number,
  maxOutputLength: number,
): TemplateError {
  if (err instanceof TemplateError) return err;
  if (err instanceof Fault) return toTemplateError(source, err);
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    return toTemplateError(source, new Fault("limit", `Maximum call depth of ${maxCallDepth} exceeded`, 0, err));
  }
  // Any other engine-internal RangeError (string or array length, BigInt size or conversion) means a value grew
  // past what JavaScript can hold: a size limit, never the JavaScript wording.
  if (err instanceof RangeError || (err instanceof SyntaxError && /BigInt/i.test(err.message))) {
    return toTemplateError(
      source,
      new Fault("limit", `Output limit exceeded: more than ${maxOutputLength} characters`, 0, err),
    );
  }
  const message = err instanceof Error ? err.message : String(err);
  return toTemplateError(source, new Fault("type", message, 0, err));
}
