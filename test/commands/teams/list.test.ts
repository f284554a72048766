import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { ALICE, TEAM_ID } from './fixtures.js';

const cli = useCli();

describe('teams list: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'list', '--name', ''], '--name must not be empty'],
    [['teams', 'list', '--members'], "unknown option '--members' (did you mean --no-members?)"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams list', () => {
  it('asks for page 1 with members, so the service pages instead of answering 507, and follows next_page', async () => {
    const next = `http://127.0.0.1:9/api/v4/orgs/8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b/rbac/teams?page=2`;
    cli.stub('ListTeams', { query: { page: 1 } }).reply(
      200,
      ok(
        [
          {
            team_id: TEAM_ID,
            team_name: 'Payments',
            users: [{ user_id_v2: ALICE, team_role: 'TEAM_MEMBER' }],
          },
        ],
        next,
      ),
    );
    cli
      .stub('ListTeams', { query: { page: 2 } })
      .reply(200, ok([{ team_id: 'b', team_name: 'Web', users: [] }]));
    const result = await cli.run(['teams', 'list'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: `${TEAM_ID}\tPayments\t1\nb\tWeb\t0\n`, stderr: '' });
  });

  it('--no-members and --name narrow the listing', async () => {
    cli
      .stub('ListTeams', { query: { teamName: 'pay', no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments' }]));
    const result = await cli.run(['teams', 'ls', '--name', 'pay', '--no-members', '-o', 'json'], {
      env: authEnv(),
    });
    expect(JSON.parse(result.stdout)).toEqual([{ team_id: TEAM_ID, team_name: 'Payments' }]);
  });

  it('--no-members prints ids and names, without an empty MEMBERS column', async () => {
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments' }]));
    const piped = await cli.run(['teams', 'list', '--no-members'], { env: authEnv() });
    expect(piped.stdout).toBe(`${TEAM_ID}\tPayments\n`);
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments' }]));
    const table = await cli.run(['teams', 'list', '--no-members', '--no-color'], {
      env: authEnv(),
      stdoutTTY: true,
    });
    expect(table.stdout).toBe(`ID${' '.repeat(36)}NAME\n${TEAM_ID}  Payments\n`);
  });

  it('exits 8 on a row without a team id, never an empty success', async () => {
    cli.stub('ListTeams', { query: { page: 1 } }).reply(200, ok([{ team_name: 'Payments' }]));
    const result = await cli.run(['teams', 'list'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('ListTeams: unexpected response at 0.team_id');
  });

  it('removes escape sequences from names on a terminal', async () => {
    cli
      .stub('ListTeams', { query: { page: 1 } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Pay\u001b[31mments\u001b]0;pwned\u0007' }]));
    const result = await cli.run(['teams', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(result.stdout).toContain('Payments');
    expect(result.stdout).not.toContain('\u001b[31m');
    expect(result.stdout).not.toContain('pwned');
  });
});
