// Renders a case with @hubkit/jinja and asserts it matches what the Python oracle did (jinja.md §13.3):
// the same output byte for byte, or a TemplateError whose kind maps from Python's exception type.
import { describe, expect, test } from "vitest";
import { parseJSON, Template, TemplateError } from "../../src/index.js";
import type { OracleError, OracleResult } from "./oracle.js";
import { oracleNow, oracleUnavailableReason } from "./oracle.js";

export type ErrorKind = "syntax" | "undefined" | "type" | "security" | "limit" | "raised" | "unsupported";

/** §13.3: Python exception type (and message) → the kind our TemplateError must carry. */
export function expectedKind(error: OracleError): ErrorKind {
  switch (error.type) {
    case "TemplateSyntaxError":
    case "TemplateAssertionError":
    case "SyntaxError": // Jinja2 compiles `break`/`continue` outside a loop to Python that Python itself rejects
      return "syntax";
    case "TemplateRuntimeError":
      return /^No (filter|test) named /.test(error.message) ? "syntax" : "type";
    case "UndefinedError":
      return "undefined";
    case "SecurityError":
      return "security";
    case "TemplateError": // only raise_exception raises the bare base class
      return "raised";
    case "OverflowError": // the sandbox's range cap
      return "limit";
    case "TypeError":
      return error.message.includes("no loader for this environment specified") ? "unsupported" : "type";
    default: // ValueError, ZeroDivisionError and other host-level errors
      return "type";
  }
}

/**
 * Descriptions whose Jinja2/Python wording jinja.md commits to (§4, §5.2, §6, §10, §11): for these the description
 * must equal Python's message exactly. Other errors are compared by kind only.
 */
const SPEC_WORDED: RegExp[] = [
  /^unexpected (?!char )/, // `unexpected '<token>'`, `unexpected end of template, expected …`
  /^Unexpected end of template\./,
  /^Expected an expression, got /,
  /^Encountered unknown tag /,
  /^No (filter|test) named /,
  /^'[^']*' is undefined$/,
  /^can only concatenate /,
  /^unsupported operand type\(s\) for /,
  / not supported between instances of /,
  / object is not iterable$/,
  /^object of type '[^']+' has no len\(\)$/,
  /^access to attribute '[^']*' of '[^']*' object is unsafe\.$/,
  /^Range too big\./,
  /^cannot assign attribute on non-namespace object$/,
  /division by zero$/,
  /^integer (division or )?modulo by zero$/,
  /^float modulo$/,
  /^'in <string>' requires string as left operand/,
  /^Object of type \S+ is not JSON serializable$/,
  /^macro '[^']*' takes /,
  /^No caller defined$/,
  /^block '[^']*' defined twice$/,
  /^str\.replace\(\) takes no keyword arguments$/,
];

export function isSpecWorded(message: string): boolean {
  return SPEC_WORDED.some((re) => re.test(message));
}

export type OurResult = { output: string } | { error: unknown };

/** Compiles and renders with our engine; the context JSON goes through parseJSON like a tokenizer config would. */
export function renderOurs(template: string, contextJson?: string): OurResult {
  try {
    const context = parseJSON(contextJson ?? "{}") as Record<string, unknown> | Map<string, unknown>;
    return { output: new Template(template, { now: oracleNow }).render(context) };
  } catch (error) {
    return { error };
  }
}

/** Same, with a JavaScript context handed to render() as is (jinja.md §7.1 conversions). */
export function renderOursWith(template: string, context: Record<string, unknown> | Map<string, unknown>): OurResult {
  try {
    return { output: new Template(template, { now: oracleNow }).render(context) };
  } catch (error) {
    return { error };
  }
}

function describeError(error: unknown): string {
  if (error instanceof TemplateError) return `TemplateError(${error.kind}): ${error.description}`;
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ""}`;
  return String(error);
}

/** The assertion shared by every differential test. */
export function expectSameAsOracle(ours: OurResult, oracle: OracleResult | undefined): void {
  if (!oracle) throw new Error("the oracle returned no result for this case");
  if ("output" in oracle) {
    if ("error" in ours) {
      expect.fail(`Python rendered ${JSON.stringify(oracle.output)}, ours threw ${describeError(ours.error)}`);
    }
    expect((ours as { output: string }).output).toBe(oracle.output);
    return;
  }
  const python = `Python raised ${oracle.error.type}: ${oracle.error.message}`;
  if ("output" in ours) expect.fail(`${python}; ours rendered ${JSON.stringify(ours.output)}`);
  const error = (ours as { error: unknown }).error;
  if (!(error instanceof TemplateError))
    expect.fail(`${python}; ours threw a non-TemplateError ${describeError(error)}`);
  const templateError = error as TemplateError;
  expect(templateError.kind, `${python}; ours: ${describeError(error)}`).toBe(expectedKind(oracle.error));
  if (expectedKind(oracle.error) === "raised" || isSpecWorded(oracle.error.message)) {
    expect(templateError.description, python).toBe(oracle.error.message);
  }
}

/**
 * Registers the differential tests of a file when Python Jinja2 is available. Without it the tests fail with
 * a clear message under CI=true (CI installs python3-jinja2) and are skipped with the message otherwise.
 */
export function describeWithOracle(title: string, body: () => void): void {
  const reason = oracleUnavailableReason();
  if (reason === null) {
    describe(title, body);
  } else if (process.env.CI === "true") {
    describe(title, () => {
      test("the Python Jinja2 oracle is available", () => {
        throw new Error(reason);
      });
    });
  } else {
    describe.skip(`${title} — skipped: ${reason}`, () => {
      test("needs the oracle", () => {});
    });
  }
}
