// "1 download", "0 downloads", "1,234 likes": a count with its noun in the right number, for every row, header
// and card of the site (issue 20 point 3: "1 downloads" read wrong).

/** `n` in English digit grouping followed by `noun`, plural (noun + "s") unless `n` is exactly 1. */
export function formatCount(n: number, noun: string): string {
  return `${n.toLocaleString("en")} ${n === 1 ? noun : `${noun}s`}`;
}
