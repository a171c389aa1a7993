// Transfer benchmarks (issue 11): the resident memory of the real server process, read from
// /proc/<pid>/status (VmRSS) before, during (sampled on a timer, the peak is kept) and after a transfer, to show
// that large files are streamed and not buffered.
import { readFile } from "node:fs/promises";

/** VmRSS of a process in bytes, or undefined when the process is gone or /proc has no such line. */
export async function readRss(pid: number): Promise<number | undefined> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] !== undefined ? Number(match[1]) * 1024 : undefined;
}

export interface RssSampler {
  /** Stops sampling; the largest and smallest VmRSS seen while it ran, and how many samples were taken. */
  stop(): Promise<{ peak: number; low: number; samples: number }>;
}

export function sampleRss(pid: number, intervalMs = 50): RssSampler {
  let peak = 0;
  let low = Number.POSITIVE_INFINITY;
  let samples = 0;
  let pending: Promise<void> = Promise.resolve();
  const take = async () => {
    const rss = await readRss(pid);
    if (rss === undefined) return;
    samples += 1;
    peak = Math.max(peak, rss);
    low = Math.min(low, rss);
  };
  const timer = setInterval(() => {
    // One read at a time: a slow /proc read must not pile up timers.
    pending = pending.then(take);
  }, intervalMs);
  pending = pending.then(take);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      await take();
      return { peak, low: samples > 0 ? low : 0, samples };
    },
  };
}

export const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MiB`;
