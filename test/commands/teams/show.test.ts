import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { stubTeamByName, team, TEAM_ID } from './fixtures.js';
import { emails, ids, roles, web } from './access-fixtures.js';

const cli = useCli();

/** The listings members are named from: the roles, and the users with their e-mails. */
function stubNames(users: Record<string, string> = emails): void {
  cli.stub('ListOrgRBACRoles').reply(200, ok(roles));
  cli
    .stub('ListOrgRBACUsers')
    .reply(200, ok(Object.entries(users).map(([id_v2, email]) => ({ id_v2, email, team_membership: [] }))));
}

describe('teams show: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'show'], "missing required argument 'team'"],
    [['teams', 'show', ''], 'team must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams show', () => {
  it('reads a team given by id without listing teams', async () => {
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(team));
    stubNames({});
    const result = await cli.run(['teams', 'show', TEAM_ID, '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(result.stdout)).toEqual({
      ...team,
      users: [{ ...team.users[0], role_name: 'TEAM_MEMBER' }],
    });
    expect(cli.calls().filter((c) => c.path.endsWith('/rbac/teams'))).toEqual([]);
  });

  it('names members by e-mail and role name, a custom role by its name, as teams export does', async () => {
    const { groups: _, ...read } = web();
    cli.stub('ReadTeam', { path: { rbacTeamID: ids.web } }).reply(200, ok(read));
    stubNames();
    const env = authEnv({ NO_COLOR: '1' });
    const table = await cli.run(['teams', 'show', ids.web], { env, stdoutTTY: true });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(
      'Members: bob@example.com  TEAM_ADMIN\n         carol@example.com  Release Manager\n',
    );
    cli.stub('ReadTeam', { path: { rbacTeamID: ids.web } }).reply(200, ok(read));
    stubNames();
    const json = await cli.run(['teams', 'show', ids.web, '-o', 'json'], { env });
    expect(JSON.parse(json.stdout).users).toEqual([
      { user_id_v2: ids.bob, team_role: 'TEAM_ADMIN', email: 'bob@example.com', role_name: 'TEAM_ADMIN' },
      {
        user_id_v2: ids.carol,
        team_role: ids.release,
        email: 'carol@example.com',
        role_name: 'Release Manager',
      },
    ]);
  });

  it('a token that may not list roles or users still shows the team, by ids, and says so', async () => {
    const { groups: _, ...read } = web();
    cli.stub('ReadTeam', { path: { rbacTeamID: ids.web } }).reply(200, ok(read));
    cli.stub('ListOrgRBACRoles').reply(403, { ok: false, message: 'forbidden' });
    cli.stub('ListOrgRBACUsers').reply(403, { ok: false, message: 'forbidden' });
    const result = await cli.run(['teams', 'show', ids.web], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`users\t${ids.bob}  TEAM_ADMIN ${ids.carol}  ${ids.release}\n`);
    expect(result.stderr).toBe(
      'warning: the token may not list roles: roles shown by id\n' +
        'warning: the service does not list the users for this token: members shown by user id\n',
    );
  });

  it('finds a team by name, in any case when no exact match', async () => {
    cli
      .stub('ListTeams', { query: { teamName: 'payments', no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments' }]));
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(team));
    stubNames();
    const result = await cli.run(['teams', 'show', 'payments'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('version\t4\n');
    expect(result.stdout).toContain('applications\tpayments-api\n');
  });

  it('exits 5 naming a team nobody has', async () => {
    cli.stub('ListTeams', { query: { teamName: 'Nope', no_members: true } }).reply(200, ok([]));
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: 't', team_name: 'Web' }]));
    const result = await cli.run(['teams', 'show', 'Nope'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe('error: no team is named "Nope"\nhint: see `secscan teams list`\n');
  });

  it('asks for the id when two teams share the name', async () => {
    cli.stub('ListTeams', { query: { teamName: 'Web', no_members: true } }).reply(
      200,
      ok([
        { team_id: 'a', team_name: 'Web' },
        { team_id: 'b', team_name: 'Web' },
      ]),
    );
    const result = await cli.run(['teams', 'show', 'Web'], { env: authEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: 2 teams are named "Web": give the team id (a, b)\n');
  });

  it('exits 8 when the team has no version', async () => {
    stubTeamByName(cli);
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok({ ...team, version: undefined }));
    stubNames();
    const result = await cli.run(['teams', 'show', 'Payments'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('ReadTeam: unexpected response at version');
  });
});
