// The feature fixtures (test/fixtures/<name>.jinja + optional <name>.json context), rendered by Python Jinja2 (one
// batch) and by @hubkit/jinja: one test per fixture, outputs compared byte for byte; `err-*` fixtures must raise in
// both engines with the error kind of jinja.md §13.3.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { describeWithOracle, expectSameAsOracle, renderOurs } from "./oracle/compare.js";
import { type OracleCase, runOracle } from "./oracle/oracle.js";

const FIXTURES = new URL("./fixtures/", import.meta.url);

function loadFixtures(): OracleCase[] {
  const files = readdirSync(FIXTURES);
  const names = files.filter((f) => f.endsWith(".jinja")).map((f) => f.slice(0, -".jinja".length));
  const orphans = files.filter((f) => f.endsWith(".json") && !names.includes(f.slice(0, -".json".length)));
  if (orphans.length > 0) throw new Error(`fixture contexts without a template: ${orphans.join(", ")}`);
  return names.sort().map((name) => {
    const contextFile = new URL(`${name}.json`, FIXTURES);
    return {
      name,
      template: readFileSync(new URL(`${name}.jinja`, FIXTURES), "utf8"),
      contextJson: existsSync(contextFile) ? readFileSync(contextFile, "utf8") : undefined,
    };
  });
}

const fixtures = loadFixtures();

test("the fixture set covers the language (300+ fixtures, errors included)", () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(300);
  expect(fixtures.filter((f) => f.name.startsWith("err-")).length).toBeGreaterThanOrEqual(50);
});

describeWithOracle("feature fixtures: @hubkit/jinja vs Python Jinja2", () => {
  const oracle = runOracle(fixtures);
  for (const fixture of fixtures) {
    test(fixture.name, () => {
      const expected = oracle.get(fixture.name);
      // Guards the fixture set itself: the name says whether Python must raise.
      expect(expected && "error" in expected, `fixture naming: only err-* fixtures may raise in Python`).toBe(
        fixture.name.startsWith("err-"),
      );
      expectSameAsOracle(renderOurs(fixture.template, fixture.contextJson), expected);
    });
  }
});
