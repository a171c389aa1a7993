// Fuzz differential tests: seeded random expression templates (test/fuzz/expressions.ts), whitespace-control
// templates (test/fuzz/whitespace.ts) and scoping programs (test/fuzz/statements.ts) rendered by Python Jinja2
// and @hubkit/jinja, compared like the fixtures. FUZZ_SEED / FUZZ_COUNT explore other cases locally; the committed
// defaults keep CI deterministic.
import { test } from "vitest";
import { FUZZ_CONTEXT, generateFuzzCases } from "./fuzz/expressions.js";
import { generateStatementCases } from "./fuzz/statements.js";
import { generateWhitespaceCases } from "./fuzz/whitespace.js";
import { describeWithOracle, expectSameAsOracle, renderOurs } from "./oracle/compare.js";
import { runOracle } from "./oracle/oracle.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20251122);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
const WHITESPACE_COUNT = Number(process.env.FUZZ_COUNT ?? 1500);
const STATEMENT_COUNT = Number(process.env.FUZZ_COUNT ?? 1500);

describeWithOracle(`fuzzed expressions (seed ${SEED}): @hubkit/jinja vs Python Jinja2`, () => {
  const cases = generateFuzzCases(SEED, COUNT).map((c) => ({ ...c, contextJson: FUZZ_CONTEXT }));
  const oracle = runOracle(cases);
  for (const c of cases) {
    test(c.name, () => {
      expectSameAsOracle(renderOurs(c.template, c.contextJson), oracle.get(c.name));
    });
  }
});

describeWithOracle(`fuzzed whitespace control (seed ${SEED}): @hubkit/jinja vs Python Jinja2`, () => {
  const cases = generateWhitespaceCases(SEED, WHITESPACE_COUNT);
  const oracle = runOracle(cases);
  for (const c of cases) {
    test(c.name, () => {
      expectSameAsOracle(renderOurs(c.template), oracle.get(c.name));
    });
  }
});

describeWithOracle(`fuzzed statement scoping (seed ${SEED}): @hubkit/jinja vs Python Jinja2`, () => {
  const cases = generateStatementCases(SEED, STATEMENT_COUNT).map((c) => ({ ...c, contextJson: '{"c": "ctx"}' }));
  const oracle = runOracle(cases);
  for (const c of cases) {
    test(c.name, () => {
      expectSameAsOracle(renderOurs(c.template, c.contextJson), oracle.get(c.name));
    });
  }
});
