// The data exports the newest catalogue added beside libraries, tasks and apps: agent harnesses, evaluation
// frameworks and kernel libraries (catalogue-newest.json `other_exports_added`).
import { describe, expect, it } from "vitest";
import { AGENT_HARNESSES, STANDARD_AGENT_ENV_VARS } from "../src/agent-harnesses.js";
import { EVALUATION_FRAMEWORKS } from "../src/evaluation-frameworks.js";
import * as tasks from "../src/index.js";
import { KERNEL_LIBRARIES_UI_ELEMENTS } from "../src/kernel-libraries.js";
import { NEWEST } from "./helpers/newest-facts.js";
import { HOSTILE_IDS, pythonFirstCallArguments, pythonSyntaxErrors } from "./helpers/syntax.js";

const FACTS = NEWEST.other_exports_added;

/** A facts entry as our data holds it: `null` in the facts means the field is absent. */
const withoutNulls = <T extends object>(entry: T): Partial<T> =>
  Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== null)) as Partial<T>;

describe("other exports of the newest catalogue", () => {
  it("are all exported by the entry point", () => {
    expect(FACTS.list).toHaveLength(7);
    for (const name of FACTS.list) expect((tasks as Record<string, unknown>)[name], name).toBeDefined();
  });

  it("AGENT_HARNESSES: the 25 harnesses in detection order, exact fields", () => {
    const expected = Object.fromEntries(
      FACTS.AGENT_HARNESSES.entries.map(({ key, ...rest }) => [key, withoutNulls(rest)]),
    );
    expect(AGENT_HARNESSES).toEqual(expected);
    expect(Object.keys(AGENT_HARNESSES)).toEqual(FACTS.AGENT_HARNESSES.entries.map((entry) => entry.key));
    expect(Object.keys(AGENT_HARNESSES)).toHaveLength(FACTS.AGENT_HARNESSES.count);
    expect(STANDARD_AGENT_ENV_VARS).toEqual(FACTS.STANDARD_AGENT_ENV_VARS);
  });

  it("EVALUATION_FRAMEWORKS: the 30 frameworks keyed by name, exact fields", () => {
    const expected = Object.fromEntries(FACTS.EVALUATION_FRAMEWORKS.entries.map((entry) => [entry.name, entry]));
    expect(EVALUATION_FRAMEWORKS).toEqual(expected);
    expect(Object.keys(EVALUATION_FRAMEWORKS)).toEqual(FACTS.EVALUATION_FRAMEWORKS.entries.map((entry) => entry.name));
    expect(Object.keys(EVALUATION_FRAMEWORKS)).toHaveLength(30);
  });

  it("KERNEL_LIBRARIES_UI_ELEMENTS: kernels, exact fields", () => {
    const table = Object.entries(KERNEL_LIBRARIES_UI_ELEMENTS).map(([key, { snippets: _snippets, ...rest }]) => ({
      key,
      ...rest,
    }));
    expect(table).toEqual(FACTS.KERNEL_LIBRARIES_UI_ELEMENTS.entries);
  });

  it("kernels snippet: get_kernel on the id, with the version when one is given", () => {
    const { snippets } = KERNEL_LIBRARIES_UI_ELEMENTS.kernels;
    expect(snippets("kernels-community/activation")).toEqual([
      '# !pip install kernels\nfrom kernels import get_kernel\nkernel = get_kernel("kernels-community/activation")',
    ]);
    expect(snippets("kernels-community/activation", 1)[0]).toContain(
      'get_kernel("kernels-community/activation", version=1)',
    );
    // a version that is not a plain integer is left out rather than written as code
    expect(snippets("k/x", Number.NaN)[0]).toContain('get_kernel("k/x")');
    expect(snippets("k/x", "1); import os" as unknown as number)[0]).toContain('get_kernel("k/x")');
    expect(() => snippets("")).toThrow(TypeError);
  });

  it("kernels snippet: hostile ids stay one Python string", () => {
    const blocks = HOSTILE_IDS.map((id) => KERNEL_LIBRARIES_UI_ELEMENTS.kernels.snippets(id, 2)[0]);
    expect(pythonSyntaxErrors(blocks)).toEqual([]);
    expect(pythonFirstCallArguments(blocks, "get_kernel")).toEqual(HOSTILE_IDS);
  });
});
