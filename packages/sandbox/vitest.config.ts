import { defineProject } from 'vitest/config';

/** The package's own tests (`npm test` here, or `vitest run --project sandbox` at the root); @secscan packages from source. */
const conditions = ['secscan-source'];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'sandbox',
    include: ['test/**/*.test.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
