// Fuzz differential tests: seeded random expression templates (test/fuzz/expressions.ts), whitespace-control
// templates (test/fuzz/whitespace.ts) and scoping programs (test/fuzz/statements.ts), rendered by Python Jinja2
// (one batch) and @hubkit/jinja, compared like the fixtures. FUZZ_SEED / FUZZ_SCALE explore more cases locally
// (e.g. FUZZ_SCALE=5); the committed defaults keep CI deterministic and the file a few seconds long.
import { test } from "vitest";
import { FUZZ_CONTEXT, generateFuzzCases } from "./fuzz/expressions.js";
import { generateStatementCases } from "./fuzz/statements.js";
import { generateWhitespaceCases } from "./fuzz/whitespace.js";
import { describeWithOracle, expectSameAsOracle, renderOurs } from "./oracle/compare.js";
import { type OracleCase, runOracle } from "./oracle/oracle.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20251122);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);

const groups: [string, OracleCase[]][] = [
  ["expressions", generateFuzzCases(SEED, 1200 * SCALE).map((c) => ({ ...c, contextJson: FUZZ_CONTEXT }))],
  ["whitespace control", generateWhitespaceCases(SEED, 600 * SCALE)],
  ["statement scoping", generateStatementCases(SEED, 800 * SCALE).map((c) => ({ ...c, contextJson: '{"c": "ctx"}' }))],
];

describeWithOracle(`fuzzed templates (seed ${SEED}): @hubkit/jinja vs Python Jinja2`, () => {
  const oracle = runOracle(groups.flatMap(([, cases]) => cases));
  for (const [group, cases] of groups) {
    for (const c of cases) {
      test(`${group} — ${c.name}`, () => {
        expectSameAsOracle(renderOurs(c.template, c.contextJson), oracle.get(c.name));
      });
    }
  }
});
