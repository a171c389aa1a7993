// The conformance run's judge: parsing the expectations file, comparing a run with it (each kind of surprise that
// must fail CI), rewriting it with --update, the summary line, and the README section generated from it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  compare,
  type Expectations,
  type Outcome,
  parseExpectations,
  summaryLine,
  UNCLASSIFIED,
  updated,
} from "../expectations.js";
import { classify, firstLine } from "../expectations-reporter.js";
import { REFUSED_PREFIX } from "../no-network-message.js";
import { BEGIN, END, renderSection, writeReadmeSection } from "../readme-section.js";

const A = "lib/a.spec.ts > a > passes";
const B = "lib/a.spec.ts > a > fails on the network";
const C = "lib/b.spec.ts > b > needs buckets";
const D = "lib/b.spec.ts > b > timing";
const file: Expectations = {
  [A]: { expect: "pass" },
  [B]: { expect: "fail", reason: "network", note: "fetches huggingface.co" },
  [C]: { expect: "fail", reason: "not-supported:buckets" },
  [D]: { expect: "flaky", reason: "timing" },
};
const asExpected: Outcome[] = [
  { id: A, state: "pass" },
  { id: B, state: "fail", error: "TypeError: refused" },
  { id: C, state: "fail" },
  { id: D, state: "fail" },
];

describe("parseExpectations", () => {
  it("reads the four forms", () => {
    expect(parseExpectations(JSON.stringify(file))).toEqual(file);
  });

  it.each([
    ["not an object", "[]"],
    ["an unknown expect", JSON.stringify({ [A]: { expect: "maybe" } })],
    ["a failure without reason", JSON.stringify({ [A]: { expect: "fail" } })],
    ["a reason that is no category", JSON.stringify({ [A]: { expect: "fail", reason: "Needs the network!" } })],
    ["a note that is no string", JSON.stringify({ [A]: { expect: "fail", reason: "network", note: 3 } })],
  ])("refuses %s", (_what, text) => {
    expect(() => parseExpectations(text)).toThrow();
  });
});

describe("compare", () => {
  it("accepts a run that matches, counting expected failures by category and flaky tests either way", () => {
    const result = compare(file, asExpected);
    expect(result.surprises).toEqual([]);
    expect(result.passedAsExpected).toBe(1);
    expect(result.flaky).toBe(1);
    expect(Object.fromEntries(result.expectedFailures)).toEqual({ network: 1, "not-supported:buckets": 1 });
    expect(
      compare(
        file,
        asExpected.map((o) => (o.id === D ? { id: D, state: "pass" } : o)),
      ).surprises,
    ).toEqual([]);
    expect(summaryLine(result)).toBe(
      "conformance: 1 pass (as expected), 2 expected failures by category (network 1, not-supported:buckets 1), " +
        "1 flaky (either outcome), 0 unexpected",
    );
  });

  it("reports an expected pass that fails, with its error", () => {
    const run = asExpected.map((o) => (o.id === A ? { id: A, state: "fail" as const, error: "Error: 500" } : o));
    expect(compare(file, run).surprises).toEqual([{ kind: "regressed", id: A, error: "Error: 500" }]);
  });

  it("reports an expected failure that passes (a stale file)", () => {
    const run = asExpected.map((o) => (o.id === C ? { id: C, state: "pass" as const } : o));
    expect(compare(file, run).surprises).toEqual([{ kind: "stale", id: C, reason: "not-supported:buckets" }]);
  });

  it("reports a test the file does not know and one the run did not have", () => {
    const run = [
      ...asExpected.filter((o) => o.id !== B),
      { id: "lib/a.spec.ts > a > brand new", state: "pass" as const },
    ];
    expect(compare(file, run).surprises).toEqual([
      { kind: "new", id: "lib/a.spec.ts > a > brand new", state: "pass" },
      { kind: "missing", id: B },
    ]);
  });

  it("reports a test that ran instead of being skipped, or the other way round", () => {
    const withSkip: Expectations = { ...file, "lib/c.spec.ts > c": { expect: "skip" } };
    const run = [...asExpected, { id: "lib/c.spec.ts > c", state: "pass" as const }];
    expect(compare(withSkip, run).surprises).toEqual([
      { kind: "changed", id: "lib/c.spec.ts > c", expected: "skip", got: "pass" },
    ]);
    const skipped = asExpected.map((o) => (o.id === A ? { id: A, state: "skip" as const } : o));
    expect(compare(file, skipped).surprises).toEqual([{ kind: "changed", id: A, expected: "pass", got: "skip" }]);
  });

  it("judges only the files that ran when the run was filtered", () => {
    const run = asExpected.filter((o) => o.id.startsWith("lib/a.spec.ts"));
    expect(compare(file, run, new Set(["lib/a.spec.ts"])).surprises).toEqual([]);
    // A whole run: the spec file that did not run at all is missing, test by test.
    expect(compare(file, run).surprises).toEqual([
      { kind: "missing", id: C },
      { kind: "missing", id: D },
    ]);
  });
});

describe("updated (--update)", () => {
  it("records passes, keeps known reasons, and classifies new failures", () => {
    const run: Outcome[] = [
      { id: A, state: "fail", error: `TypeError: ${REFUSED_PREFIX} huggingface.co` },
      { id: B, state: "fail", error: "TypeError: something else now" },
      { id: C, state: "pass" },
      { id: D, state: "pass" },
      { id: "lib/a.spec.ts > a > new and broken", state: "fail", error: "Error: 404" },
    ];
    const next = updated(file, run, new Set(["lib/a.spec.ts", "lib/b.spec.ts"]), classify);
    expect(next).toEqual({
      [B]: { expect: "fail", reason: "network", note: "fetches huggingface.co" },
      "lib/a.spec.ts > a > new and broken": { expect: "fail", reason: UNCLASSIFIED, note: "Error: 404" },
      [A]: { expect: "fail", reason: "network", note: `TypeError: ${REFUSED_PREFIX} huggingface.co` },
      [C]: { expect: "pass" },
      [D]: { expect: "flaky", reason: "timing" },
    });
    // Sorted keys: an update's diff shows only what changed.
    expect(Object.keys(next)).toEqual([...Object.keys(next)].sort());
  });

  it("keeps the entries of files a filtered run did not run, and drops tests that are gone", () => {
    const next = updated(file, [{ id: A, state: "pass" }], new Set(["lib/a.spec.ts"]));
    expect(next).toEqual({ [A]: { expect: "pass" }, [C]: file[C], [D]: file[D] });
  });

  it("drops a whole spec file that a whole run no longer has", () => {
    const run = asExpected.filter((o) => o.id.startsWith("lib/a.spec.ts"));
    expect(Object.keys(updated(file, run, undefined))).toEqual([B, A]);
  });
});

describe("firstLine", () => {
  it("drops what changes between runs: the hub's port, random repository names, request ids", () => {
    const message =
      "Empty branches are not supported. URL: http://127.0.0.1:41234/api/models/hub-js/TEST-k2j4h5/branch/x. " +
      "Request ID: 77015a4a-2b28-486d-9d5b-43c28d5c9d9d\nstack…";
    expect(firstLine({ name: "Error", message })).toBe(
      "Error: Empty branches are not supported. URL: <hub>/api/models/hub-js/TEST-…/branch/x",
    );
  });
});

describe("the README section", () => {
  const work = mkdtempSync(join(tmpdir(), "hubkit-conformance-readme-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("lists the failures by category, with why, between its markers only", () => {
    const section = renderSection(file);
    expect(section).toContain("**1 of 4** spec tests pass");
    expect(section).toMatch(/\*\*`network`\*\* \(1\): fetches content from another site/);
    expect(section).toContain("`lib/a.spec.ts`: a > fails on the network — fetches huggingface.co");
    expect(section).toContain("**`not-supported:buckets`** (1)");
    const expectations = join(work, "expectations.json");
    const readme = join(work, "README.md");
    writeFileSync(expectations, JSON.stringify(file));
    writeFileSync(readme, `# Title\n\nBefore.\n\n${BEGIN}\nold list\n${END}\n\nAfter.\n`);
    writeReadmeSection(expectations, readme);
    expect(readFileSync(readme, "utf8")).toBe(`# Title\n\nBefore.\n\n${section}\n\nAfter.\n`);
  });

  it("refuses a README without the markers instead of appending somewhere", () => {
    const expectations = join(work, "expectations.json");
    const readme = join(work, "plain.md");
    writeFileSync(readme, "# Title\n");
    expect(() => writeReadmeSection(expectations, readme)).toThrow(/no generated conformance section/);
    expect(readFileSync(readme, "utf8")).toBe("# Title\n");
  });
});
