// Fuzz differential test: seeded random expression templates (test/fuzz/expressions.ts) rendered by Python Jinja2
// and @hubkit/jinja, compared like the fixtures. FUZZ_SEED / FUZZ_COUNT explore other cases locally; the committed
// defaults keep CI deterministic.
import { test } from "vitest";
import { FUZZ_CONTEXT, generateFuzzCases } from "./fuzz/expressions.js";
import { describeWithOracle, expectSameAsOracle, renderOurs } from "./oracle/compare.js";
import { runOracle } from "./oracle/oracle.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20251122);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);

describeWithOracle(`fuzzed expressions (seed ${SEED}): @hubkit/jinja vs Python Jinja2`, () => {
  const cases = generateFuzzCases(SEED, COUNT).map((c) => ({ ...c, contextJson: FUZZ_CONTEXT }));
  const oracle = runOracle(cases);
  for (const c of cases) {
    test(c.name, () => {
      expectSameAsOracle(renderOurs(c.template, c.contextJson), oracle.get(c.name));
    });
  }
});
