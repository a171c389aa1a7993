// Child process of the hostile corpus test (run with a capped heap): renders the corpus cases whose indices it is
// given, one after the other, and reports each on stdout as one line, synchronously, so that the parent knows
// which case was running if the process dies (V8 out of memory cannot be caught in-process).
//   S <index>            the case starts
//   D <index> <json>     the case ended: { ms, outcome: "output" | "error" | "host", kind?, description?, length? }
import { writeSync } from "node:fs";
import { Template, TemplateError } from "../../src/index.js";
import { CORPUS } from "./corpus.js";

export interface CaseReport {
  ms: number;
  outcome: "output" | "error" | "host";
  kind?: string;
  description?: string;
  output?: string;
}

function run(index: number): CaseReport {
  const c = CORPUS[index];
  const context = c.context?.() ?? {};
  const start = performance.now();
  try {
    const output = new Template(c.source, c.options).render(context);
    return { ms: performance.now() - start, outcome: "output", output: output.slice(0, 200) };
  } catch (error) {
    const ms = performance.now() - start;
    if (error instanceof TemplateError)
      return { ms, outcome: "error", kind: error.kind, description: error.description.slice(0, 500) };
    return {
      ms,
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
