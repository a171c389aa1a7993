// Prints "N passed, N failed, N skipped" as the last line of a Vitest run: the plain line CI reads.
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      for (const test of tests) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      // A test file that failed to load has no tests but must still count as a failure.
      if (module.state() === "failed" && tests.length === 0) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
