import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const TEAM = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

describe('scopes list: usage errors (exit 2, no request)', () => {
  it.each([
    [['scopes', 'list', '--app', 'a', '--team', TEAM], '--app and --team cannot be used together'],
    [['scopes', 'list', '--team', ' '], '--team must not be empty'],
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

  it('finds a --team by its name', async () => {
    cli
      .stub('ListTeams', { query: { teamName: 'payments', no_members: true } })
      .reply(200, ok([{ team_id: TEAM, team_name: 'Payments', team_version: 1, members: [] }]));
    cli.stub('ListMyTeamScopes', { path: { rbacTeamID: TEAM } }).reply(200, ok(['findings:read']));
    const result = await cli.run(['scopes', 'list', '--team', 'payments'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: 'findings:read\tfindings\tread\n', stderr: '' });
  });

  it('a --team no team is named is exit 5, with the close names', async () => {
    cli.stub('ListTeams', { query: { teamName: 'Paymnets', no_members: true } }).reply(200, ok([]));
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM, team_name: 'Payments', team_version: 1, members: [] }]));
    const result = await cli.run(['scopes', 'list', '--team', 'Paymnets'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/^error: no team is named "Paymnets"\nhint: did you mean Payments\?/);
    expect(cli.calls().some((c) => c.path.endsWith('/my_scopes'))).toBe(false);
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
