// Runs the Python Jinja2 oracle (render.py, jinja.md §13) on a batch of cases: one Python process per call,
// JSON in on stdin, JSON out on stdout. Test files call it once at collection time with all their cases.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The instant `strftime_now` sees in both engines (a naive local time, as Python's `datetime.fromisoformat`). */
export const ORACLE_NOW = "2025-07-10T12:00:00";

/** The same instant for our engine: an ISO date-time without offset is local time in JavaScript too. */
export function oracleNow(): Date {
  return new Date(ORACLE_NOW);
}

export interface OracleCase {
  name: string;
  template: string;
  /** The context as JSON text (an object); it reaches Python verbatim so floats and key order survive. */
  contextJson?: string;
  /** The context uses Python-only JSON (NaN, Infinity), which JSON.parse cannot check beforehand. */
  pythonJson?: boolean;
}

export interface OracleError {
  type: string;
  message: string;
  line: number | null;
}

export type OracleResult = { name: string; output: string } | { name: string; error: OracleError };

const RENDER_SCRIPT = fileURLToPath(new URL("./render.py", import.meta.url));

let pythonSearch: { python: string | null; tried: string[] } | undefined;

/** HUBKIT_PYTHON, then `python3`, then `/usr/bin/python3`: the first that can `import jinja2`. */
export function findPython(): { python: string | null; tried: string[] } {
  if (pythonSearch) return pythonSearch;
  const candidates = [process.env.HUBKIT_PYTHON, "python3", "/usr/bin/python3"].filter(
    (c): c is string => typeof c === "string" && c.length > 0,
  );
  let python: string | null = null;
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ["-c", "import jinja2"], { stdio: "ignore", timeout: 30_000 });
    if (probe.status === 0) {
      python = candidate;
      break;
    }
  }
  pythonSearch = { python, tried: candidates };
  return pythonSearch;
}

/** Why the oracle cannot run, or null when it can. */
export function oracleUnavailableReason(): string | null {
  const { python, tried } = findPython();
  if (python) return null;
  return (
    `Python Jinja2 oracle not available: none of ${tried.join(", ")} can \`import jinja2\`. ` +
    "Install it (apt-get install -y python3-jinja2, or pip install jinja2) or set HUBKIT_PYTHON."
  );
}

/** Builds the stdin JSON by splicing each context's raw text, so Python's json.loads sees it untouched. */
function batchJson(cases: OracleCase[]): string {
  const parts = cases.map((c) => {
    const context = c.contextJson ?? "{}";
    if (!c.pythonJson) JSON.parse(context); // fail early, in JavaScript, on a malformed context file
    return `{"name":${JSON.stringify(c.name)},"template":${JSON.stringify(c.template)},"context":${context}}`;
  });
  return `[${parts.join(",\n")}]`;
}

/** Renders every case with Python Jinja2; throws when Python is missing or the batch itself fails. */
export function runOracle(cases: OracleCase[]): Map<string, OracleResult> {
  const { python } = findPython();
  if (!python) throw new Error(oracleUnavailableReason() ?? "no python");
  const names = new Set<string>();
  for (const c of cases) {
    if (names.has(c.name)) throw new Error(`duplicate oracle case name ${c.name}`);
    names.add(c.name);
  }
  const run = spawnSync(python, [RENDER_SCRIPT], {
    input: batchJson(cases),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout: 120_000,
    env: { ...process.env, ORACLE_NOW, PYTHONIOENCODING: "utf-8" },
  });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`oracle exited with ${run.status}:\n${run.stderr}`);
  const results = JSON.parse(run.stdout) as OracleResult[];
  return new Map(results.map((r) => [r.name, r]));
}
