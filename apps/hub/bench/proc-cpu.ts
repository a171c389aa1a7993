// CPU time from Linux's /proc, for the benches' "CPU per request" figures (robust on a shared machine, where the
// rates follow whatever share of the cores the processes get).
import { readdirSync, readFileSync } from "node:fs";

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every architecture Debian ships). */
const TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name (field 3, the state, first), or undefined when gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by process `pid` (user + system), 0 when it is gone. */
export function cpuSeconds(pid: number | undefined): number {
  const fields = pid === undefined ? undefined : statFields(pid);
  return fields === undefined ? 0 : (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/**
 * CPU seconds used so far by process `pid`, its children that exited (and were waited for) and its live children:
 * a PostgreSQL postmaster and its backends. A backend that exits between two readings moves from the live sum to
 * the waited-for one, so the difference of two readings stays right.
 */
export function treeCpuSeconds(pid: number): number {
  const own = statFields(pid);
  if (own === undefined) return 0;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields !== undefined && Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS;
}

/** The machine's busy CPU seconds so far, all cores (everything but idle and iowait). */
export function machineBusySeconds(): number {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return (total - (fields[3] ?? 0) - (fields[4] ?? 0)) / TICKS;
}
