// Shared output helpers: every bench prints `name: ours X, reference Y, ratio Z` (DESIGN.md conventions).

export function line(name: string, ours: string, reference: string, ratio: number): string {
  const text = `${name}: ours ${ours}, reference ${reference}, ratio ${ratio.toFixed(2)}`;
  process.stdout.write(`${text}\n`);
  return text;
}

/** Median of several timed runs (ms), to damp noise on a loaded machine. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
