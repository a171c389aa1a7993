// Prints "N passed, N failed, N skipped" after the Playwright run, the plain line CI understands.
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry < test.retries && result.status !== "passed" && result.status !== "skipped") return;
    const outcome = test.outcome();
    if (outcome === "expected" || outcome === "flaky") this.passed++;
    else if (outcome === "skipped") this.skipped++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    console.log(`\n${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
