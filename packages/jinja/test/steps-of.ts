// The steps a render spends, found as the smallest `maxSteps` it passes with: deterministic, the same on any machine
// (the charges test holds builtins' prices with it, `bench:costs` divides CPU time by it).
import { Template, TemplateError, type TemplateOptions } from "../src/index.js";

/** Bisection over `maxSteps` up to `tolerance` of the answer (0: exact); any error but the step budget's is thrown. */
export function stepsOf(
  source: string,
  context: Record<string, unknown>,
  options: TemplateOptions,
  tolerance = 0,
): number {
  let lo = 0;
  let hi = 1e10;
  while (hi - lo > Math.max(1, hi * tolerance)) {
    const mid = Math.floor((lo + hi) / 2);
    try {
      new Template(source, { ...options, maxSteps: mid }).render(context);
      hi = mid;
    } catch (error) {
      if (!(error instanceof TemplateError) || !error.description.startsWith("Step budget exhausted")) throw error;
      lo = mid;
    }
  }
  return hi;
}
