import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { ALICE, BOB, OTHER_TEAM, stubTeamByName, stubUser, team, TEAM_ID } from './fixtures.js';

const cli = useCli();
const path = { rbacTeamID: TEAM_ID };
const after = (changes: Record<string, unknown>) => ok({ ...team, version: 5, ...changes });

function stubRead(current = team) {
  stubTeamByName(cli);
  cli.stub('ReadTeam', { path }).reply(200, ok(current));
}

describe('teams update: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['teams', 'update', 'Payments'],
      'nothing to change: give --rename, --add-app, --remove-app, --add-member or --remove-member',
    ],
    [
      ['teams', 'update', 'Payments', '--force', '--remove-app', 'a'],
      '--force moves apps given with --add-app',
    ],
    [
      ['teams', 'update', 'Payments', '--add-app', 'a', '--remove-app', 'a'],
      '--add-app and --remove-app both name a',
    ],
    [
      [
        'teams',
        'update',
        'Payments',
        '--add-member',
        'a@example.com:TEAM_ADMIN',
        '--remove-member',
        'a@example.com',
      ],
      '--add-member and --remove-member both name a@example.com',
    ],
    [
      ['teams', 'update', 'Payments', '--remove-member', 'a@example.com:TEAM_ADMIN'],
      'invalid value for --remove-member: "a@example.com:TEAM_ADMIN" (expected an e-mail or a user id)',
    ],
    [
      ['teams', 'update', 'Payments', '--version', 'x', '--rename', 'B'],
      'invalid value for --version: "x" (expected a whole number from 0 to 9007199254740991)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams update: the narrowest operation, with the version read', () => {
  it('members only: UpdateTeamMembership; a new role removes the old membership in the same write', async () => {
    stubRead();
    stubUser(cli, 'bob@example.com', BOB);
    cli
      .stub('UpdateTeamMembership', {
        path,
        body: {
          version: 4,
          add_team_membership: [
            { user_id_v2: BOB, team_role: 'TEAM_MEMBER' },
            { user_id_v2: ALICE, team_role: 'TEAM_ADMIN' },
          ],
          remove_team_membership: [{ user_id_v2: ALICE, team_role: 'TEAM_MEMBER' }],
        },
      })
      .reply(200, after({}));
    const result = await cli.run(
      [
        'teams',
        'update',
        'Payments',
        '--add-member',
        'bob@example.com',
        '--add-member',
        `${ALICE}:TEAM_ADMIN`,
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Updated team Payments (version 5).\n');
  });

  it('apps only: UpdateTeamApps; an app already in the team and one not in it are notes, not writes', async () => {
    stubRead();
    cli.stub('ListApps').reply(200, ok([{ id: 'ledger' }, { id: 'payments-api', team_id: TEAM_ID }]));
    cli
      .stub('UpdateTeamApps', { path, body: { version: 4, add_applications: ['ledger'] } })
      .reply(200, after({ applications: ['payments-api', 'ledger'] }));
    const result = await cli.run(
      [
        'teams',
        'update',
        'Payments',
        '--add-app',
        'ledger',
        '--add-app',
        'payments-api',
        '--remove-app',
        'docs',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'payments-api is already in the team.\ndocs is not in the team.\nUpdated team Payments (version 5).\n',
    );
  });

  it('an app of another team is refused without --force (exit 6, the team named), moved with it', async () => {
    stubRead();
    cli.stub('ListApps').reply(200, ok([{ id: 'web', team_id: OTHER_TEAM }]));
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: OTHER_TEAM, team_name: 'Web' }]));
    const refused = await cli.run(['teams', 'update', 'Payments', '--add-app', 'web'], { env: authEnv() });
    expect(refused.code).toBe(6);
    expect(refused.stderr).toBe(
      'error: an app belongs to another team: web (team Web)\nhint: --force moves it out of that team\n',
    );

    stubRead();
    cli.stub('ListApps').reply(200, ok([{ id: 'web', team_id: OTHER_TEAM }]));
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: OTHER_TEAM, team_name: 'Web' }]));
    cli
      .stub('UpdateTeamApps', {
        path,
        body: { version: 4, add_applications: ['web'], force_app_inclusion: true },
      })
      .reply(200, after({ applications: ['payments-api', 'web'] }));
    const moved = await cli.run(['teams', 'update', 'Payments', '--add-app', 'web', '--force'], {
      env: authEnv(),
    });
    expect(moved.code).toBe(0);
    expect(moved.stderr).toBe('Moved web from team Web.\nUpdated team Payments (version 5).\n');
  });

  it('apps and members: the general update; a rename after it, with the version it answered', async () => {
    stubRead();
    cli.stub('ListApps').reply(200, ok([{ id: 'ledger' }]));
    cli
      .stub('UpdateTeam', {
        path,
        body: {
          version: 4,
          add_applications: ['ledger'],
          remove_team_membership: [{ user_id_v2: ALICE, team_role: 'TEAM_MEMBER' }],
        },
      })
      .reply(200, after({}));
    cli
      .stub('UpdateTeamMetadata', { path, body: { version: 5, change_name: 'Billing' } })
      .reply(200, ok({ ...team, version: 6, team_name: 'Billing' }));
    const result = await cli.run(
      [
        'teams',
        'update',
        'Payments',
        '--add-app',
        'ledger',
        '--remove-member',
        ALICE,
        '--rename',
        'Billing',
        '-o',
        'json',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ team_name: 'Billing', version: 6 });
  });

  it('--version: sent as given; a team read at another version is not changed (exit 6)', async () => {
    stubRead();
    const result = await cli.run(['teams', 'update', 'Payments', '--rename', 'B', '--version', '3'], {
      env: authEnv(),
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      `error: team Payments is at version 4, not 3: not changed\nhint: see what changed with \`secscan teams show ${TEAM_ID}\`\n`,
    );
    expect(cli.calls().every((c) => c.method === 'GET')).toBe(true);
  });

  it('a 409 from the service (changed in between) is exit 6 with a hint, not retried', async () => {
    stubRead();
    cli.stub('UpdateTeamMetadata', { path, body: { version: 4, change_name: 'B' } }).reply(409, {
      ok: false,
      code: 'TEAM_VERSION_CONFLICT',
      message: 'team Payments is at version 5, not 4',
    });
    const result = await cli.run(['teams', 'update', 'Payments', '--rename', 'B'], { env: authEnv() });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('hint: the team changed since it was read');
    expect(cli.calls().filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('prints "No changes." and writes nothing when everything asked is already so', async () => {
    stubRead();
    stubUser(cli, 'alice@example.com', ALICE);
    const result = await cli.run(
      [
        'teams',
        'update',
        'Payments',
        '--add-member',
        'alice@example.com:TEAM_MEMBER',
        '--rename',
        'Payments',
      ],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('alice@example.com is already a member as TEAM_MEMBER.\nNo changes.\n');
    expect(cli.calls().every((c) => c.method === 'GET')).toBe(true);
  });
});
