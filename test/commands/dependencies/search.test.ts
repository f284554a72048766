import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, ORG, useCli } from '../../helpers/cli.js';

const cli = useCli();
const base = `/api/v4/orgs/${ORG}`;
const fullUrl = (i: number) => new URL(cli.agent.getCallHistory()?.calls()[i]?.fullUrl ?? 'http://none');
const dependency = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  app: 'a',
  type: 'npm',
  title: 'x@1',
  tags: [],
  ...extra,
});

describe('dependencies search: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['dependencies', 'search', 'x', '--from', 'yesterday'],
      'invalid value for --from: "yesterday" (expected a date such as 2026-09-01, Unix seconds, or an age such as 30d)',
    ],
    [
      ['dependencies', 'search', 'x', '--until', '2025-13-45'],
      'invalid value for --until: "2025-13-45" (not a date)',
    ],
    [
      ['dependencies', 'search', 'x', '--from', '2025-02-01', '--until', '2025-01-01'],
      '--from is after --until',
    ],
    [['dependencies', 'search', ' '], 'the search text must not be empty'],
    [['dependencies', 'search'], "missing required argument 'text'"],
    [
      ['dependencies', 'search', 'x', '--per-page', '1001'],
      'invalid value for --per-page: "1001" (expected a whole number from 1 to 1000)',
    ],
    [
      ['dependencies', 'search', 'x', '--limit', '0'],
      'invalid value for --limit: "0" (expected a whole number from 1 to 20000)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('dependencies search', () => {
  it('dependencies search converts --from to Unix seconds and warns at the 20-page limit', async () => {
    for (let page = 1; page <= 20; page++) {
      cli
        .stub('SearchDependency', { query: { search: 'x', page, per_page: 1, from: 1738281600 } })
        .reply(200, ok([dependency(String(page))]));
    }
    const result = await cli.run(['dependencies', 'search', 'x', '--per-page', '1', '--from', '2025-01-31'], {
      env: authEnv(),
    });
    expect(result.stdout.trim().split('\n')).toHaveLength(20);
    expect(`${fullUrl(0).pathname}${fullUrl(0).search}`).toBe(
      `${base}/dependencies?search=x&page=1&per_page=1&from=1738281600`,
    );
    expect(result.stderr).toContain('warning: the service serves at most 20 pages of 1');
  });

  it('dependencies search takes Unix seconds as a time, not as an age', async () => {
    cli
      .stub('SearchDependency', { query: { search: 'x', page: 1, per_page: 250, from: 1700000000 } })
      .reply(200, ok([]));
    const result = await cli.run(['dependencies', 'search', 'x', '--from', '1700000000'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(fullUrl(0).searchParams.get('from')).toBe('1700000000');
  });

  it('stops at a short page, and --limit stops early; prints the tag columns', async () => {
    const tags = [
      { key: 'license', value: 'MIT' },
      { key: 'num_vulns', value: 2 },
      { key: 'package_url', value: 'pkg:npm/lodash@4.17.20' },
    ];
    cli
      .stub('SearchDependency', { query: { search: 'lodash', page: 1, per_page: 2, until: 1700000000 } })
      .reply(200, ok([dependency('1', { title: 'lodash@4.17.20', tags }), dependency('2')]));
    cli
      .stub('SearchDependency', { query: { search: 'lodash', page: 2, per_page: 2, until: 1700000000 } })
      .reply(200, ok([dependency('3'), dependency('4')]));
    const result = await cli.run(
      ['dependencies', 'search', 'lodash', '--per-page', '2', '--until', '1700000000', '--limit', '3'],
      { env: authEnv() },
    );
    expect(result).toEqual({
      code: 0,
      stdout: 'a\tlodash@4.17.20\tnpm\tMIT\t2\na\tx@1\tnpm\t\t\na\tx@1\tnpm\t\t\n',
      stderr: '',
    });
  });

  it('notes no match on a terminal', async () => {
    cli.stub('SearchDependency', { query: { search: 'nothing', page: 1, per_page: 250 } }).reply(200, ok([]));
    const result = await cli.run(['dependencies', 'search', 'nothing'], { env: authEnv(), stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No dependency matches.\n' });
  });
});
