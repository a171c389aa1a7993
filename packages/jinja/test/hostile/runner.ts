// Child process of the hostile corpus test (run with a capped heap): renders the corpus cases whose indices it is
// given, one after the other, and reports each on stdout as one line, synchronously, so that the parent knows
// which case was running if the process dies (V8 out of memory cannot be caught in-process).
//   S <index>            the case starts
//   D <index> <json>     the case ended: { ms, cpuMs, outcome: "output" | "error" | "host", kind?, description?, output? }
import { writeSync } from "node:fs";
import { Template, TemplateError } from "../../src/index.js";
import { CORPUS } from "./corpus.js";

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

function run(index: number): CaseReport {
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
    const output = new Template(c.source, c.options).render(context);
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

for (const arg of (process.argv[2] ?? "").split(",").filter(Boolean)) {
  const index = Number(arg);
  writeSync(1, `S ${index}\n`);
  const report = run(index);
  writeSync(1, `D ${index} ${JSON.stringify(report)}\n`);
}
