import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const TEAM = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

describe('scopes list: usage errors (exit 2, no request)', () => {
  it.each([
    [['scopes', 'list', '--app', 'a', '--team', TEAM], '--app and --team cannot be used together'],
    [['scopes', 'list', '--team', 'team-1'], 'invalid value for --team: "team-1" (expected a UUID)'],
    [['scopes', 'list', '--app', ' '], '--app must not be empty'],
    [['scopes', 'list', '--app'], "option '--app <app-id>' argument missing"],
    [
      ['scopes', 'list', '--fields', 'nope'],
      'unknown field "nope" for --fields (choose from scope, resource, action)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scopes list', () => {
  it('lists the org scopes sorted, split into resource and action', async () => {
    cli.stub('ListMyOrgScopes').reply(200, ok(['tokens:list', 'apps:*']));
    const result = await cli.run(['scopes', 'list'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: 'apps:*\tapps\t*\ntokens:list\ttokens\tlist\n', stderr: '' });
  });

  it('encodes an --app id as one path segment', async () => {
    cli.stub('ListMyAppScopes', { path: { appID: 'a/../b' } }).reply(200, ok(['findings:read']));
    const result = await cli.run(['scopes', 'list', '--app', 'a/../b', '-o', 'csv'], { env: authEnv() });
    expect(cli.calls()[0]?.path).toContain('/apps/a%2F..%2Fb/my_scopes');
    expect(result.stdout).toBe('scope,resource,action\nfindings:read,findings,read\n');
  });

  it('reads team scopes', async () => {
    cli.stub('ListMyTeamScopes', { path: { rbacTeamID: TEAM } }).reply(200, ok([]));
    const result = await cli.run(['scopes', 'ls', '--team', TEAM], { env: authEnv(), stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No scopes.\n' });
  });

  it('maps 401 to exit 4 with the auth hint', async () => {
    cli.stub('ListMyOrgScopes').reply(401, { ok: false, message: 'invalid token' });
    const result = await cli.run(['scopes', 'list'], { env: authEnv() });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: ListMyOrgScopes: invalid token (HTTP 401)\nhint: check the token: run `secscan auth status`\n',
    );
  });

  it('exits 8 when the service answers with a body it cannot read', async () => {
    cli.stub('ListMyOrgScopes').reply(200, ok({ scopes: 'all' }));
    const result = await cli.run(['scopes', 'list'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(/^error: ListMyOrgScopes: unexpected response: /);
  });
});
