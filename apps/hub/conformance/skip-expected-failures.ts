// Setup file of the CI subset (ci-subset.ts): a spec test that expectations.json expects to fail, to be flaky or
// to be skipped is skipped, with the expectation as the reason; expected passes and tests the file does not know
// yet run (a new one that fails then fails `npm test`, which asks for `npm run conformance -- --update`).
import { join } from "node:path";
import { beforeEach } from "vitest";
import { readExpectations } from "./expectations.js";
import { HERE, specFileId } from "./project.js";

const expectations = readExpectations(join(HERE, "expectations.json"));

beforeEach((context) => {
  const id = `${specFileId(context.task.file.filepath)} > ${context.task.fullTestName}`;
  const expected = expectations[id];
  if (expected === undefined || expected.expect === "pass") return;
  const why = expected.expect === "skip" ? "skip" : `${expected.expect}: ${expected.reason}`;
  context.skip(`expected ${why} (npm run conformance judges it)`);
});
