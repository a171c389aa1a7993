// Shared output helpers: every bench prints `name: ours X, reference Y, ratio Z` (DESIGN.md conventions).

export function line(name: string, ours: string, reference: string, ratio: number): string {
  const text = `${name}: ours ${ours}, reference ${reference}, ratio ${ratio.toFixed(2)}`;
  process.stdout.write(`${text}\n`);
  return text;
}

/** Median of several measurements, to damp noise on a loaded machine. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Lower and upper quartiles, to show how much the per-round figures spread. */
export function quartiles(values: number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[Math.floor((sorted.length - 1) / 4)], sorted[Math.ceil(((sorted.length - 1) * 3) / 4)]];
}

export interface Sample {
  wallMs: number;
  cpuMs: number;
}

/** Wall and process CPU time of `run` (synchronous or not). */
export async function measure(run: () => unknown): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Runs `ours` and `reference` in alternating rounds (ABBA order, so warm-up, GC debt and load from other processes
 * hit both alike) and returns the samples of each side plus the ratio of each round (ours / reference).
 */
export async function interleave(
  rounds: number,
  ours: () => unknown,
  reference: () => unknown,
): Promise<{ ours: Sample[]; reference: Sample[]; wallRatios: number[]; cpuRatios: number[] }> {
  const result = {
    ours: [] as Sample[],
    reference: [] as Sample[],
    wallRatios: [] as number[],
    cpuRatios: [] as number[],
  };
  for (let round = 0; round < rounds; round++) {
    let a: Sample;
    let b: Sample;
    if (round % 2 === 0) {
      a = await measure(ours);
      b = await measure(reference);
    } else {
      b = await measure(reference);
      a = await measure(ours);
    }
    result.ours.push(a);
    result.reference.push(b);
    result.wallRatios.push(a.wallMs / b.wallMs);
    result.cpuRatios.push(a.cpuMs / b.cpuMs);
  }
  return result;
}

/** `rounds p25–p75 x–y`: the spread of the per-round ratios behind a median (goes into the bench name). */
export function spread(ratios: number[]): string {
  const [low, high] = quartiles(ratios);
  return `rounds p25–p75 ${low.toFixed(2)}–${high.toFixed(2)}`;
}
