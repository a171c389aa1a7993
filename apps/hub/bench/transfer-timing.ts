// The download benches' timing loop (transfer.ts, s3-download.ts): curl's own clock per download, runs of ours and
// the reference interleaved in alternating order, medians, and the `name: ours X, reference Y, ratio Z` lines.
import { loadavg } from "node:os";
import { run } from "./transfer-process.js";

export const megabytesPerSecond = (bytes: number, seconds: number): number => bytes / 1e6 / seconds;

/** The lower median (the middle run of an odd count). */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/**
 * Downloads `url` to /dev/null with curl (`follow`: through redirects); seconds from curl's own clock, after
 * checking that `bytes` arrived.
 */
export async function curlSeconds(url: string, bytes: number, follow = false): Promise<number> {
  const { stdout } = await run("curl", [
    "-sS",
    "--fail",
    ...(follow ? ["-L"] : []),
    "-o",
    "/dev/null",
    "-w",
    "%{size_download} %{time_total}",
    url,
  ]);
  const [size = "", seconds = ""] = stdout.trim().split(" ");
  if (Number(size) !== bytes) throw new Error(`curl got ${size} bytes from ${url}, expected ${bytes}`);
  return Number(seconds);
}

/**
 * `runs` pairs of `reference` and `ours`, each pair in the other order than the last, so a neighbour's load on the
 * shared machine (and what one download leaves behind, e.g. write-back) falls on both alike; `before` runs ahead
 * of every step.
 */
export async function alternate(
  runs: number,
  reference: () => Promise<unknown>,
  ours: () => Promise<unknown>,
  before?: () => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < runs; i += 1) {
    for (const step of i % 2 === 0 ? [reference, ours] : [ours, reference]) {
      await before?.();
      await step();
    }
  }
}

/** `name: ours X, reference Y, ratio Z (target T)`: the line BENCHMARKS.md quotes. */
export function printRatio(name: string, ours: string, reference: string, ratio: number, target: string): void {
  console.log(`${name}: ours ${ours}, reference ${reference}, ratio ${ratio.toFixed(2)} (target ${target})`);
}

/** Every download run's rate, so a median can be read against its spread. */
export function printRuns(bytes: number, ours: readonly number[], referenceName: string, reference: readonly number[]) {
  const rates = (values: readonly number[]) =>
    values.map((seconds) => megabytesPerSecond(bytes, seconds).toFixed(0)).join(" ");
  console.log(`# runs: ours ${rates(ours)} MB/s; ${referenceName} ${rates(reference)} MB/s`);
}

/** The closing `# load average at the end 1m 5m 15m` line: how busy the shared machine was during the runs. */
export function printLoadAtEnd(): void {
  console.log(
    `# load average at the end ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );
}
