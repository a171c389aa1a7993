// The expectations file of the conformance run: for every spec test id (`<file> > <describe> > <test>`), whether
// it passes against Hubkit, or fails and why (a reason category plus a note). Pure functions: reading and checking
// the file, comparing a run's outcomes with it, and rewriting it from a run (--update). A test whose outcome
// depends on the machine's load (a timing assertion of the library's own) is "flaky": either outcome is accepted.
import { readFileSync } from "node:fs";

export type Expectation =
  | { expect: "pass" }
  | { expect: "skip"; note?: string }
  | { expect: "fail"; reason: string; note?: string }
  | { expect: "flaky"; reason: string; note?: string };
export type Expectations = Record<string, Expectation>;
export type OutcomeState = "pass" | "fail" | "skip";
export interface Outcome {
  id: string;
  state: OutcomeState;
  /** The first line of the first error, for failures. */
  error?: string;
}

/** The reason given to a failure nobody has classified yet (written by --update, for a human to replace). */
export const UNCLASSIFIED = "unclassified";

const REASON = /^[a-z][a-z0-9-]*(?::[a-z0-9-]+)?$/;

/** Parses and checks the file's JSON; throws on any entry that is not one of the three forms. */
export function parseExpectations(text: string, source = "expectations.json"): Expectations {
  const raw: unknown = JSON.parse(text);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw new Error(`${source}: not a JSON object`);
  const out: Expectations = {};
  for (const [id, value] of Object.entries(raw)) {
    const problem = (what: string) => new Error(`${source}: ${JSON.stringify(id)}: ${what}`);
    if (value === null || typeof value !== "object") throw problem("not an object");
    const entry = value as Record<string, unknown>;
    const note = entry.note;
    if (note !== undefined && typeof note !== "string") throw problem('"note" must be a string');
    if (entry.expect === "pass") out[id] = { expect: "pass" };
    else if (entry.expect === "skip") out[id] = note === undefined ? { expect: "skip" } : { expect: "skip", note };
    else if (entry.expect === "fail" || entry.expect === "flaky") {
      if (typeof entry.reason !== "string" || !REASON.test(entry.reason))
        throw problem('a failure needs a "reason" category such as "network" or "not-supported:buckets"');
      const expect = entry.expect;
      out[id] = note === undefined ? { expect, reason: entry.reason } : { expect, reason: entry.reason, note };
    } else throw problem('"expect" must be "pass", "fail", "flaky" or "skip"');
  }
  return out;
}

export function readExpectations(path: string): Expectations {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return {};
  }
  return parseExpectations(text, path);
}

export type Surprise =
  | { kind: "regressed"; id: string; error?: string } // expected to pass, failed
  | { kind: "stale"; id: string; reason: string } // expected to fail, passed: update the file
  | { kind: "changed"; id: string; expected: "pass" | "fail" | "skip"; got: OutcomeState; error?: string } // skip ↔ run
  | { kind: "new"; id: string; state: OutcomeState } // not in the file
  | { kind: "missing"; id: string }; // in the file, not in the run

export interface Comparison {
  passedAsExpected: number;
  skippedAsExpected: number;
  /** Tests marked flaky, whatever their outcome. */
  flaky: number;
  /** Expected failures that failed, by reason category. */
  expectedFailures: Map<string, number>;
  surprises: Surprise[];
}

/**
 * Compares a run with the file. `ranFiles` (spec file ids, for a run filtered to some files) limits the "missing"
 * check to the files that ran, so a
 * run filtered to some files only judges those.
 */
export function compare(
  expectations: Expectations,
  outcomes: readonly Outcome[],
  ranFiles?: ReadonlySet<string>,
): Comparison {
  const result: Comparison = {
    passedAsExpected: 0,
    skippedAsExpected: 0,
    flaky: 0,
    expectedFailures: new Map(),
    surprises: [],
  };
  const seen = new Set<string>();
  for (const outcome of outcomes) {
    seen.add(outcome.id);
    const expected = expectations[outcome.id];
    if (expected === undefined) {
      result.surprises.push({ kind: "new", id: outcome.id, state: outcome.state });
      continue;
    }
    if (expected.expect === "flaky") result.flaky++;
    else if (expected.expect === "pass" && outcome.state === "pass") result.passedAsExpected++;
    else if (expected.expect === "skip" && outcome.state === "skip") result.skippedAsExpected++;
    else if (expected.expect === "fail" && outcome.state === "fail")
      result.expectedFailures.set(expected.reason, (result.expectedFailures.get(expected.reason) ?? 0) + 1);
    else if (expected.expect === "pass" && outcome.state === "fail")
      result.surprises.push({ kind: "regressed", id: outcome.id, ...errorOf(outcome) });
    else if (expected.expect === "fail" && outcome.state === "pass")
      result.surprises.push({ kind: "stale", id: outcome.id, reason: expected.reason });
    else
      result.surprises.push({
        kind: "changed",
        id: outcome.id,
        expected: expected.expect,
        got: outcome.state,
        ...errorOf(outcome),
      });
  }
  for (const id of Object.keys(expectations))
    if (!seen.has(id) && (ranFiles === undefined || ranFiles.has(fileOf(id))))
      result.surprises.push({ kind: "missing", id });
  return result;
}

function errorOf(outcome: Outcome): { error?: string } {
  return outcome.error === undefined ? {} : { error: outcome.error };
}

/** The spec file of a test id (`lib/create-repo.spec.ts > createRepo > …` → `lib/create-repo.spec.ts`). */
export function fileOf(id: string): string {
  const end = id.indexOf(" > ");
  return end === -1 ? id : id.slice(0, end);
}

/**
 * The file rewritten from a run: passes and skips as they happened; a failure keeps the reason and note it already
 * had, a new one gets `classify`'s reason (else "unclassified") and its error as the note. In a run filtered to
 * some files (`ranFiles` given), the entries of the other files are kept; in a whole run, a test that did not run
 * is gone. Keys sorted, so the diff of an update shows only what changed.
 */
export function updated(
  expectations: Expectations,
  outcomes: readonly Outcome[],
  ranFiles: ReadonlySet<string> | undefined,
  classify: (outcome: Outcome) => string | undefined = () => undefined,
): Expectations {
  const next: Expectations = {};
  if (ranFiles !== undefined)
    for (const [id, entry] of Object.entries(expectations)) if (!ranFiles.has(fileOf(id))) next[id] = entry;
  for (const outcome of outcomes) {
    const before = expectations[outcome.id];
    if (before?.expect === "flaky") next[outcome.id] = before;
    else if (outcome.state === "pass") next[outcome.id] = { expect: "pass" };
    else if (outcome.state === "skip")
      next[outcome.id] = before?.expect === "skip" && before.note !== undefined ? before : { expect: "skip" };
    else if (before?.expect === "fail") next[outcome.id] = before;
    else {
      const reason = classify(outcome) ?? UNCLASSIFIED;
      next[outcome.id] =
        outcome.error === undefined ? { expect: "fail", reason } : { expect: "fail", reason, note: outcome.error };
    }
  }
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** `conformance: N pass (as expected), M expected failures by category (a 3, b 2), K unexpected`. */
export function summaryLine(comparison: Comparison): string {
  const failures = [...comparison.expectedFailures.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const total = failures.reduce((sum, [, count]) => sum + count, 0);
  const byCategory = failures.map(([reason, count]) => `${reason} ${count}`).join(", ");
  const skipped = comparison.skippedAsExpected > 0 ? `, ${comparison.skippedAsExpected} skipped (as expected)` : "";
  const flaky = comparison.flaky > 0 ? `, ${comparison.flaky} flaky (either outcome)` : "";
  return (
    `conformance: ${comparison.passedAsExpected} pass (as expected), ${total} expected failures by category` +
    `${byCategory === "" ? "" : ` (${byCategory})`}${skipped}${flaky}, ${comparison.surprises.length} unexpected`
  );
}

export function describeSurprise(surprise: Surprise): string {
  switch (surprise.kind) {
    case "regressed":
      return `FAILED (expected to pass): ${surprise.id}${surprise.error === undefined ? "" : `\n    ${surprise.error}`}`;
    case "stale":
      return `PASSED (expected to fail: ${surprise.reason}), update the file: ${surprise.id}`;
    case "changed":
      return `${surprise.got.toUpperCase()} (expected ${surprise.expected}): ${surprise.id}${surprise.error === undefined ? "" : `\n    ${surprise.error}`}`;
    case "new":
      return `NEW test (${surprise.state}), not in the file: ${surprise.id}`;
    case "missing":
      return `MISSING from the run (in the file): ${surprise.id}`;
  }
}
