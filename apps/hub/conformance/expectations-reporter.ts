// The conformance run's reporter: collects each spec test's outcome under its id, compares the run with
// expectations.json (or rewrites the file from it with --update), prints the summary line and every surprise,
// and leaves the verdict (0 or 1) for run.ts: Vitest's own exit code is 1 whenever any test failed, and here
// failures are expected.
import { writeFileSync } from "node:fs";
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from "vitest/node";
import {
  compare,
  describeSurprise,
  type Outcome,
  readExpectations,
  summaryLine,
  UNCLASSIFIED,
  updated,
} from "./expectations.js";
import { REFUSED_PREFIX } from "./no-network-message.js";
import { specFileId } from "./project.js";

export interface ReporterOptions {
  /** The expectations file. */
  file: string;
  /** Rewrite the file from this run instead of judging the run. */
  update: boolean;
  /** The run was filtered to some spec files: only those are judged or rewritten. */
  filtered: boolean;
  /** After an update: regenerate what derives from the file (the README section). */
  afterUpdate?: () => void;
}

/** A failure whose error says a fetch left the loopback: "network" (a human may refine it to hosted-only-fixture). */
export function classify(outcome: Outcome): string | undefined {
  return outcome.error?.includes(REFUSED_PREFIX) ? "network" : undefined;
}

/**
 * The first line of an error, without what changes from run to run (the hub's port, the specs' random repository
 * names, request ids), so that a note written by --update stays the same on the next update.
 */
export function firstLine(error: SerializedError | undefined): string | undefined {
  if (error === undefined) return undefined;
  const text = `${error.name ?? "Error"}: ${error.message ?? ""}`.split("\n")[0] ?? "";
  return text
    .replace(/http:\/\/127\.0\.0\.1:\d+/g, "<hub>")
    .replace(/TEST-[A-Za-z0-9-]+/g, "TEST-…")
    .replace(/[.,]? *Request ID: *[\w-]+/gi, "")
    .slice(0, 300);
}

function outcomesOf(testModules: ReadonlyArray<TestModule>): { outcomes: Outcome[]; ranFiles: Set<string> } {
  const outcomes: Outcome[] = [];
  const ranFiles = new Set<string>();
  for (const module of testModules) {
    const file = specFileId(module.moduleId);
    ranFiles.add(file);
    for (const test of module.children.allTests()) {
      const result = test.result();
      const id = `${file} > ${test.fullName}`;
      if (result.state === "passed") outcomes.push({ id, state: "pass" });
      else if (result.state === "failed") {
        const error = firstLine(result.errors[0]);
        outcomes.push(error === undefined ? { id, state: "fail" } : { id, state: "fail", error });
      } else outcomes.push({ id, state: "skip" });
    }
  }
  return { outcomes, ranFiles };
}

export class ExpectationsReporter implements Reporter {
  /** 0 when the run matched the file (or the file was rewritten), 1 otherwise; unset until the run ended. */
  verdict: number | undefined;

  constructor(private readonly options: ReporterOptions) {}

  /** One line per spec file as it ends (the progress of a run whose details would be mostly expected failures). */
  onTestModuleEnd(module: TestModule): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === "passed" || state === "failed") counts[state]++;
      else counts.skipped++;
    }
    const parts = Object.entries(counts).filter(([, n]) => n > 0);
    const summary = parts.map(([state, n]) => `${n} ${state}`).join(", ") || "no tests";
    process.stdout.write(`  ${specFileId(module.moduleId)}: ${summary}\n`);
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    const { outcomes, ranFiles } = outcomesOf(testModules);
    // A whole run judges every entry, so a spec file that no longer exists (or no longer loads) shows as missing.
    const judged = this.options.filtered ? ranFiles : undefined;
    const expectations = readExpectations(this.options.file);
    const print = (line: string) => process.stdout.write(`${line}\n`);
    for (const module of testModules)
      for (const error of module.errors()) print(`LOAD ERROR in ${specFileId(module.moduleId)}: ${firstLine(error)}`);
    for (const error of unhandledErrors) print(`UNHANDLED ERROR: ${firstLine(error)}`);

    if (this.options.update) {
      const next = updated(expectations, outcomes, judged, classify);
      writeFileSync(this.options.file, `${JSON.stringify(next, null, 2)}\n`);
      this.options.afterUpdate?.();
      const unclassified = Object.values(next).filter((e) => e.expect === "fail" && e.reason === UNCLASSIFIED).length;
      print(`\nconformance: wrote ${Object.keys(next).length} expectations to ${this.options.file}`);
      if (unclassified > 0) print(`conformance: ${unclassified} failures are "${UNCLASSIFIED}": give each a reason`);
      this.verdict = reason === "interrupted" ? 1 : 0;
      return;
    }
    const comparison = compare(expectations, outcomes, judged);
    print("");
    for (const surprise of comparison.surprises) print(describeSurprise(surprise));
    print(summaryLine(comparison));
    const broken = comparison.surprises.length > 0 || unhandledErrors.length > 0 || reason === "interrupted";
    this.verdict = broken ? 1 : 0;
  }
}
