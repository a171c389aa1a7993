// The hostile corpus (test/hostile/corpus.ts) run in child processes with a capped heap: every case must end in a
// clean TemplateError or a harmless output within the time bound, and never take its process down. A child runs
// many cases in a row; when one crashes it (V8 out of memory, an abort) or hangs, that case fails and a new child
// continues with the next.
// The corpus runs twice: with the default limits, and with `timeoutMs: 0` (cases that set their own deadline keep
// it), where only the deterministic budgets (steps, allocation, size cap) can stop a case. The second pass is the
// one that proves the bound: the deadline is a safety net for slower machines, and an outcome that depends on it
// would depend on the load.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { CORPUS, type Expectation, type HostileCase } from "./hostile/corpus.js";
import type { CaseReport } from "./hostile/runner.js";

const RUNNER = fileURLToPath(new URL("./hostile/runner.ts", import.meta.url));
const HEAP_MB = 256;
/**
 * Each case may spend 250 ms of its own work: the step budget is calibrated so that 2 M steps of any builtin are
 * about that much CPU time on the CI machine (the default `timeoutMs` of 1 s is only a safety net). The child measures that work as CPU time (`process.cpuUsage()` around the compile and render,
 * after collecting the previous case's garbage): CI runs this on 2 cores shared with the other test projects, and
 * wall time there grows with the load (a case that spends 60 ms of CPU took 600 ms at a load of 16), where CPU time
 * only grows with the work done, so the bound can stay close to the engine's real cost. The CPU bound allows twice
 * 250 ms: the engine's collector threads count in the process's CPU time, and cores shared between hyperthreads
 * run slower under load. The quiet-machine figures are measured by the bench (`npm run bench -w packages/jinja`,
 * BENCHMARKS.md); `JINJA_HOSTILE_TIMES=1` makes this test print its 15 slowest cases, and
 * `JINJA_HOSTILE_PASS=default` or `no-deadline` runs one pass only.
 */
const CPU_FACTOR = Number(process.env.JINJA_HOSTILE_CPU_FACTOR ?? 2);
const CPU_BOUND_MS = 250 * CPU_FACTOR;
/**
 * A hang guard in wall time: CPU time does not see a case that waits rather than works. At a load of 16 on 2 cores
 * a process gets about an eighth of a core, so 250 ms of work can take 2 s; the bound leaves more than twice that.
 */
const LOAD_FACTOR = Number(process.env.JINJA_HOSTILE_LOAD_FACTOR ?? 20);
const WALL_BOUND_MS = 250 * LOAD_FACTOR;
/** A child silent for this long is hung (the case did not end at all). */
const HANG_MS = 10_000;
/** Words of JavaScript's own error messages: none may reach a TemplateError. */
const JS_INTERNALS =
  /BigInt|Invalid (string|array) length|call stack|is not a function|Cannot read prop|undefined is not/i;

/** `default`: the cases' own options; `no-deadline`: the same with `timeoutMs: 0` unless a case sets one. */
type Pass = "default" | "no-deadline";
const PASSES: Pass[] = ["default", "no-deadline"];
const ONLY_PASS = process.env.JINJA_HOSTILE_PASS;

interface Result {
  index: number;
  report: CaseReport | null;
  failure?: string;
}

/** Runs `indices` in one child; returns the results it reported and the index it died on, if it died. */
function runChild(
  indices: number[],
  pass: Pass,
): Promise<{ results: Result[]; died: { index: number; why: string } | null }> {
  return new Promise((resolve) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [`--max-old-space-size=${HEAP_MB}`, "--expose-gc", "--import", "tsx", RUNNER, indices.join(","), pass],
      { stdio: ["ignore", "pipe", "pipe"], cwd: fileURLToPath(new URL("../../..", import.meta.url)) },
    );
    const results: Result[] = [];
    let running: number | null = null;
    let pending = "";
    let stderr = "";
    let timer = setTimeout(() => child.kill("SIGKILL"), HANG_MS);
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => child.kill("SIGKILL"), HANG_MS);
      pending += chunk;
      let nl = pending.indexOf("\n");
      while (nl !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        nl = pending.indexOf("\n");
        if (line.startsWith("S ")) running = Number(line.slice(2));
        else if (line.startsWith("D ")) {
          const space = line.indexOf(" ", 2);
          results.push({
            index: Number(line.slice(2, space)),
            report: JSON.parse(line.slice(space + 1)) as CaseReport,
          });
          running = null;
        }
      }
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const why = `child exited (code ${code}, signal ${signal}): ${stderr.split("\n").find((l) => /FATAL|Error/.test(l)) ?? stderr.slice(0, 200)}`;
      if (running !== null) resolve({ results, died: { index: running, why } });
      else if (code !== 0 && results.length < indices.length) {
        resolve({ results, died: { index: indices[results.length], why } });
      } else resolve({ results, died: null });
    });
  });
}

/** Runs `indices` through as many children as it takes (one more after each crash). */
async function runSequence(indices: number[], pass: Pass): Promise<Result[]> {
  const all: Result[] = [];
  let todo = indices;
  while (todo.length) {
    const { results, died } = await runChild(todo, pass);
    all.push(...results);
    const done = new Set(results.map((r) => r.index));
    if (died) {
      all.push({ index: died.index, report: null, failure: died.why });
      done.add(died.index);
    }
    todo = todo.filter((i) => !done.has(i));
  }
  return all;
}

/** Two sequences side by side (CI has 2 cores), interleaved so that both get a share of the slow cases. */
async function runCorpus(pass: Pass): Promise<Result[]> {
  const indices = CORPUS.map((_, i) => i);
  const halves = await Promise.all(
    [0, 1].map((h) =>
      runSequence(
        indices.filter((i) => i % 2 === h),
        pass,
      ),
    ),
  );
  return halves.flat().sort((a, b) => a.index - b.index);
}

/** Why a case's result breaks its expectation, or null when it is fine. */
function problem(c: HostileCase, r: Result): string | null {
  if (r.report === null) return r.failure ?? "no report";
  const rep = r.report;
  if (rep.outcome === "host") return `a non-TemplateError escaped: ${rep.description}`;
  if (rep.cpuMs > CPU_BOUND_MS) return `spent ${rep.cpuMs.toFixed(0)} ms of CPU (bound ${CPU_BOUND_MS} ms)`;
  if (rep.ms > WALL_BOUND_MS) return `took ${rep.ms.toFixed(0)} ms of wall time (hang guard ${WALL_BOUND_MS} ms)`;
  if (rep.outcome === "error" && JS_INTERNALS.test(rep.description ?? "")) {
    return `a JavaScript message leaked: ${rep.description}`;
  }
  const want: Expectation = c.expect;
  if (want === "clean") return null;
  if (want === "limit") return rep.kind === "limit" ? null : `expected a limit error, got ${JSON.stringify(rep)}`;
  if ("output" in want) {
    return rep.outcome === "output" && rep.output === want.output
      ? null
      : `expected ${want.output}, got ${JSON.stringify(rep)}`;
  }
  if (rep.kind !== want.kind) return `expected a ${want.kind} error, got ${JSON.stringify(rep)}`;
  if (want.description !== undefined && rep.description !== want.description) {
    return `expected "${want.description}", got "${rep.description}"`;
  }
  return null;
}

/** The 15 cases that spent the most CPU time, with their wall time: where to look when the bound gets close. */
function printSlowest(results: Result[], pass: Pass): void {
  const timed = results.filter((r) => r.report !== null) as (Result & { report: CaseReport })[];
  const slowest = timed.sort((a, b) => b.report.cpuMs - a.report.cpuMs).slice(0, 15);
  const lines = slowest.map(
    (r) =>
      `${r.report.cpuMs.toFixed(0).padStart(5)} ms CPU ${r.report.ms.toFixed(0).padStart(6)} ms wall  #${r.index} ${CORPUS[r.index].name}`,
  );
  console.log(`hostile corpus (${pass}), slowest cases:\n${lines.join("\n")}`);
}

for (const pass of PASSES) {
  test.skipIf(ONLY_PASS !== undefined && ONLY_PASS !== pass)(
    `the hostile corpus (${pass}): ${CORPUS.length} templates, each bounded, in a ${HEAP_MB} MB child`,
    async () => {
      expect(CORPUS.length).toBeGreaterThanOrEqual(150);
      const results = await runCorpus(pass);
      expect(results.map((r) => r.index)).toEqual(CORPUS.map((_, i) => i));
      if (process.env.JINJA_HOSTILE_TIMES) printSlowest(results, pass);
      const failures = results
        .map((r) => ({ name: CORPUS[r.index].name, why: problem(CORPUS[r.index], r) }))
        .filter((f) => f.why !== null);
      expect(failures).toEqual([]);
    },
    240_000,
  );
}
