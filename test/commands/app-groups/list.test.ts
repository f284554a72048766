import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('app-groups list: usage errors (exit 2, no request)', () => {
  it.each([
    [['app-groups', 'list', 'web'], "too many arguments for 'list'. Expected 0 arguments but got 1."],
    [['app-groups', 'list', '--fields', 'apps'], 'unknown field "apps" for --fields (choose from name)'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('app-groups list', () => {
  it('prints one group name per line, and objects with -o json', async () => {
    cli
      .stub('ReadOrgGroups')
      .reply(200, ok(['payments', 'web']))
      .times(2);
    const r = await cli.run(['app-groups', 'ls'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: 'payments\nweb\n', stderr: '' });
    const json = await cli.run(['app-groups', 'list', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual([{ name: 'payments' }, { name: 'web' }]);
  });

  it('notes an empty list on a terminal', async () => {
    cli.stub('ReadOrgGroups').reply(200, ok([]));
    const r = await cli.run(['app-groups', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No app groups.\n' });
  });
});
