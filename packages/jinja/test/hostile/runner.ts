// Child process of the hostile corpus test (run with a capped heap): renders the corpus cases whose indices it is
// given, one after the other, and reports each on stdout as one line, synchronously, so that the parent knows
// which case was running if the process dies (V8 out of memory cannot be caught in-process).
// Arguments: the comma-separated indices, then `no-deadline` to render with `timeoutMs: 0` (cases that set their
// own `timeoutMs` keep it), so that only the deterministic budgets (steps, allocation, size cap) can stop a case.
//   S <index>            the case starts
//   D <index> <json>     the case ended: { ms, cpuMs, outcome: "output" | "error" | "host", kind?, description?, output? }
import { writeSync } from "node:fs";
import { Template, TemplateError, type TemplateOptions } from "../../src/index.js";
import { CORPUS, type HostileCase } from "./corpus.js";

export interface CaseReport {
  /** Wall-clock time of compile + render: inflated when the machine is busy (the process waits for a core). */
  ms: number;
  /** CPU time this process spent on compile + render (user + system): the engine's own work, whatever the load. */
  cpuMs: number;
  outcome: "output" | "error" | "host";
  kind?: string;
  description?: string;
  output?: string;
}

/** Present when the parent starts this process with --expose-gc. */
const collect = (globalThis as { gc?: () => void }).gc;

/** The options a case runs with: its own, without the deadline in `no-deadline` mode unless it sets one itself. */
function optionsOf(c: HostileCase, noDeadline: boolean): TemplateOptions | undefined {
  if (!noDeadline || c.options?.timeoutMs !== undefined) return c.options;
  return { ...c.options, timeoutMs: 0 };
}

function run(index: number, noDeadline: boolean): CaseReport {
  const c = CORPUS[index];
  const context = c.context?.() ?? {};
  // collect what the previous case left (up to hundreds of MB) now, so that its collection is not billed to this one
  collect?.();
  const startCpu = process.cpuUsage();
  const start = performance.now();
  const times = () => {
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(startCpu);
    return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  try {
    const output = new Template(c.source, optionsOf(c, noDeadline)).render(context);
    return { ...times(), outcome: "output", output: output.slice(0, 200) };
  } catch (error) {
    const t = times();
    if (error instanceof TemplateError)
      return { ...t, outcome: "error", kind: error.kind, description: error.description.slice(0, 500) };
    return {
      ...t,
      outcome: "host",
      description: (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500),
    };
  }
}

const noDeadline = process.argv[3] === "no-deadline";
for (const arg of (process.argv[2] ?? "").split(",").filter(Boolean)) {
  const index = Number(arg);
  writeSync(1, `S ${index}\n`);
  const report = run(index, noDeadline);
  writeSync(1, `D ${index} ${JSON.stringify(report)}\n`);
}
