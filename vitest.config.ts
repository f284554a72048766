import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project; `vitest run --project commands` (or unit, e2e, contract) runs one layer of
 * the CLI, `--project api` or `--project sandbox` the tests of a workspace package (packages/NAME/test).
 * The workspace packages are read from their TypeScript source, as the build reads them.
 */
const conditions = ['secscan-source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // The sandboxes the tests start seed their data as of 2026-09-20 (the day its dates are written for), so
    // the dates the tests expect hold on any day; a test of the default (today) passes an env without it.
    env: { SECSCAN_SANDBOX_NOW: '2026-09-20' },
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // Vitest's default is a worker fewer than the cores: one on a 2-core CI machine, where most test files
    // wait on the processes they start (the CLI, a sandbox, npm, a shell) more than they compute. Two there
    // ran the suite in 757 s instead of 1,351 s, all passing, with 1.6 cores busy on average.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'test/docs/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'commands', include: ['test/commands/**/*.test.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
      { extends: true, test: { name: 'contract', include: ['test/contract/**/*.test.ts'] } },
      'packages/api',
      'packages/sandbox',
    ],
  },
});
