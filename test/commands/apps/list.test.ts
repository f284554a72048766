import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const apps = [
  {
    id: 'payments-api',
    name: 'Payments API',
    base_branch: 'main',
    team_id: 't1',
    labels: ['pci', 'tier-1'],
    tags: [{ key: 'owner', value: 'pay' }],
  },
  { id: 'web' },
];

describe('apps list: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'list', 'x'], "too many arguments for 'list'. Expected 0 arguments but got 1."],
    [['apps', 'list', '--limit', '3'], "unknown option '--limit'"],
    [
      ['apps', 'list', '--fields', 'id,owner'],
      'unknown field "owner" for --fields (choose from id, name, base_branch, team_id, labels, tags, compound)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps list', () => {
  it('prints the default columns, labels and tags joined', async () => {
    cli.stub('ListApps').reply(200, ok(apps));
    const r = await cli.run(['apps', 'list'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: 'payments-api\tPayments API\tmain\tpci, tier-1\towner=pay\nweb\t\t\t\t\n',
      stderr: '',
    });
  });

  it('prints --fields and full objects with -o json', async () => {
    cli.stub('ListApps').reply(200, ok(apps)).times(2);
    const fields = await cli.run(['apps', 'ls', '--fields', 'id,team_id'], { env: authEnv() });
    expect(fields.stdout).toBe('payments-api\tt1\nweb\t\n');
    const json = await cli.run(['apps', 'list', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual(apps);
  });

  it('notes an empty list on a terminal', async () => {
    cli.stub('ListApps').reply(200, ok([]));
    const r = await cli.run(['apps', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No apps.\n' });
  });
});
