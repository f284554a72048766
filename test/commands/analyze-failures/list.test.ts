import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const failure = {
  id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  created_at: '2026-09-01T10:00:00Z',
  app_name: 'ledger-service',
  category: 'sca_analysis',
  affects: 'oss_vulns',
  code: 'E42',
  message: 'could not resolve dependencies',
};

describe('analyze-failures list: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['analyze-failures', 'list', '--limit', '0'],
      'invalid value for --limit: "0" (expected a whole number from 1 to 100)',
    ],
    [
      ['analyze-failures', 'list', '--fields', 'app'],
      'unknown field "app" for --fields (choose from id, created_at, app_name, category, affects, is_partial, code, message, domain, polyglot_scan_id, compound_id)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('analyze-failures list', () => {
  it('sends --limit and prints the default columns', async () => {
    cli.stub('ListAnalyzeFailures', { query: { limit: 20 } }).reply(200, ok({ failures: [failure] }));
    const r = await cli.run(['analyze-failures', 'list', '--limit', '20'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: `${failure.id}\t2026-09-01T10:00:00Z\tledger-service\tsca_analysis\toss_vulns\tcould not resolve dependencies\n`,
      stderr: '',
    });
  });

  it('prints --fields, and notes no failures on a terminal', async () => {
    cli.stub('ListAnalyzeFailures').reply(200, ok({ failures: [failure] }));
    const r = await cli.run(['analyze-failures', 'ls', '--fields', 'app_name,category'], { env: authEnv() });
    expect(r.stdout).toBe('ledger-service\tsca_analysis\n');
    cli.stub('ListAnalyzeFailures').reply(200, ok({ failures: [] }));
    const empty = await cli.run(['analyze-failures', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(empty).toEqual({ code: 0, stdout: '', stderr: 'No analysis failures.\n' });
  });
});
