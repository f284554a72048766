import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { stubTeamByName, team, TEAM_ID } from './fixtures.js';

const cli = useCli();

describe('teams show: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'show'], "missing required argument 'team'"],
    [['teams', 'show', ''], 'team must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams show', () => {
  it('reads a team given by id without listing', async () => {
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(team));
    const result = await cli.run(['teams', 'show', TEAM_ID, '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(result.stdout)).toEqual(team);
    expect(cli.calls()).toHaveLength(1);
  });

  it('finds a team by name, in any case when no exact match', async () => {
    cli
      .stub('ListTeams', { query: { teamName: 'payments', no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments' }]));
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(team));
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
    const result = await cli.run(['teams', 'show', 'Payments'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('ReadTeam: unexpected response at version');
  });
});
