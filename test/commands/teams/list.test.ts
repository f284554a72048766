import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { ALICE, BOB, OTHER_TEAM, TEAM_ID } from './fixtures.js';

const cli = useCli();

describe('teams list: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'list', '--name', ''], '--name must not be empty'],
    [
      ['teams', 'list', '--fields', 'members'],
      'unknown field "members" for --fields (choose from team_id, team_name, team_version)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams list', () => {
  it('lists ids, names and versions from the listing alone (no_members), following next_page', async () => {
    const next = `http://127.0.0.1:9/api/v4/orgs/8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b/rbac/teams?page=2`;
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments', team_version: 4 }], next));
    cli
      .stub('ListTeams', { query: { page: 2 } })
      .reply(200, ok([{ team_id: OTHER_TEAM, team_name: 'Web', team_version: 1 }]));
    const result = await cli.run(['teams', 'list'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: `${TEAM_ID}\tPayments\t4\n${OTHER_TEAM}\tWeb\t1\n`,
      stderr: '',
    });
  });

  it('--no-members, kept for scripts written when members were listed by default, is the listing alone', async () => {
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments', team_version: 4 }]));
    const result = await cli.run(['teams', 'list', '--no-members'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: `${TEAM_ID}\tPayments\t4\n`, stderr: '' });
  });

  it('--name narrows the listing; -o json gives the entries as the service sends them', async () => {
    const entry = { team_id: TEAM_ID, team_name: 'Payments', team_version: 4 };
    cli.stub('ListTeams', { query: { teamName: 'pay', no_members: true } }).reply(200, ok([entry]));
    const result = await cli.run(['teams', 'ls', '--name', 'pay', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(result.stdout)).toEqual([entry]);
  });

  it('has a table of ids, names and versions on a terminal (no MEMBERS column)', async () => {
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments', team_version: 4 }]));
    const table = await cli.run(['teams', 'list', '--no-color'], { env: authEnv(), stdoutTTY: true });
    expect(table.stdout).toBe(`ID${' '.repeat(36)}NAME      VERSION\n${TEAM_ID}  Payments  4\n`);
  });

  it('--members reads each listed team for its apps and members', async () => {
    cli.stub('ListTeams', { query: { no_members: true } }).reply(
      200,
      ok([
        { team_id: TEAM_ID, team_name: 'Payments', team_version: 4 },
        { team_id: OTHER_TEAM, team_name: 'Web', team_version: 2 },
      ]),
    );
    const alice = { user_id_v2: ALICE, team_role: 'TEAM_MEMBER' };
    const bob = { user_id_v2: BOB, team_role: 'TEAM_ADMIN' };
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(
      200,
      // The specification's name for the members...
      ok({
        version: 4,
        team_id: TEAM_ID,
        team_name: 'Payments',
        applications: ['payments-api'],
        users: [alice],
      }),
    );
    cli.stub('ReadTeam', { path: { rbacTeamID: OTHER_TEAM } }).reply(
      200,
      // ... or the vendor document's.
      ok({ version: 2, team_id: OTHER_TEAM, team_name: 'Web', applications: [], members: [alice, bob] }),
    );
    const tsv = await cli.run(['teams', 'list', '--members'], { env: authEnv() });
    expect(tsv).toEqual({
      code: 0,
      stdout: `${TEAM_ID}\tPayments\t4\t1\t1\n${OTHER_TEAM}\tWeb\t2\t0\t2\n`,
      stderr: '',
    });
  });

  it('--members -o json: each team with its apps and members', async () => {
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments', team_version: 4 }]));
    const alice = { user_id_v2: ALICE, team_role: 'TEAM_MEMBER' };
    cli
      .stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } })
      .reply(
        200,
        ok({ version: 5, team_id: TEAM_ID, team_name: 'Payments', applications: ['a'], users: [alice] }),
      );
    const result = await cli.run(['teams', 'list', '--members', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(result.stdout)).toEqual([
      { team_id: TEAM_ID, team_name: 'Payments', team_version: 5, applications: ['a'], members: [alice] },
    ]);
  });

  it('exits 8 on a row without a team id, never an empty success', async () => {
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok([{ team_name: 'Payments' }]));
    const result = await cli.run(['teams', 'list'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('ListTeams: unexpected response at 0.team_id');
  });

  it('removes escape sequences from names on a terminal', async () => {
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Pay\u001b[31mments\u001b]0;pwned\u0007' }]));
    const result = await cli.run(['teams', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(result.stdout).toContain('Payments');
    expect(result.stdout).not.toContain('\u001b[31m');
    expect(result.stdout).not.toContain('pwned');
  });
});
