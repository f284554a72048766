import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the plain `N passed, N failed, N skipped` line that CI reads in any language. Before it,
 * once each, the reasons skipped suites give in their titles (`… (skipped: REASON)`).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const reasons = new Set<string>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      for (const suite of module.children.allSuites()) {
        const reason = /\(skipped: (.+)\)$/.exec(suite.name)?.[1];
        if (reason) reasons.add(reason);
      }
    }
    for (const reason of reasons) process.stdout.write(`\nskipped: ${reason}`);
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
