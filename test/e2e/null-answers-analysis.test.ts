import { beforeAll, describe, it } from 'vitest';
import { expectRefused, nullCases } from './null-cases.js';
import { analysisReaders, derivedReaders } from './null-readers.js';
import { useRewritingService } from './rewrite.js';

/** Apps, compounds, scans, findings and packages: null for every list and object they read is exit 8. */
const service = useRewritingService();
let rules = '';
beforeAll(() => {
  rules = service.file('rules.yml', 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n');
});

// With the readers derived for read verbs none here runs (test/e2e/null-readers.ts).
const readers = [...analysisReaders, ...(await derivedReaders())];

const cases = await nullCases(readers);

describe('null where an answer has a list, an object or a map: exit 8 naming the operation and the place', () => {
  it.each(cases.map((c) => [c.title, c] as const))('%s', async (_, c) => {
    await expectRefused(service, c);
  });

  it.each([
    'scans compare --app payments-api --source scan.1007 --target scan.1013 --fail-on new'.split(' '),
    'scans check --compound shop --rules <rules> --kind single'.split(' '),
  ])('the gates too: %s %s', async (...argv) => {
    const op = argv[1] === 'check' ? 'CheckScans' : 'ListScansCompare';
    for (const c of await nullCases([{ argv: argv.map((a) => (a === '<rules>' ? rules : a)), ops: [op] }]))
      await expectRefused(service, c);
  });
});
