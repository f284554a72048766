import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('scopes available: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['scopes', 'available', '--fields', 'nope'],
      'unknown field "nope" for --fields (choose from scope, resource, action)',
    ],
    [['scopes', 'available', '--app', 'a'], "unknown option '--app'"],
    [['scopes', 'available', 'roles'], "too many arguments for 'available'. Expected 0 arguments but got 1."],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scopes available', () => {
  it('lists every grantable scope as json with computed fields', async () => {
    cli.stub('ListAvailableRBACScopes').reply(200, ok(['roles:list']));
    const result = await cli.run(['scopes', 'available', '-o', 'json', '--fields', 'resource,action'], {
      env: authEnv(),
    });
    expect(JSON.parse(result.stdout)).toEqual([{ resource: 'roles', action: 'list' }]);
  });

  it('prints the scopes sorted, tab-separated when piped', async () => {
    cli.stub('ListAvailableRBACScopes').reply(200, ok(['tokens:list', 'apps:read']));
    const result = await cli.run(['scopes', 'available'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: 'apps:read\tapps\tread\ntokens:list\ttokens\tlist\n',
      stderr: '',
    });
  });
});
