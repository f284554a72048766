import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { ALICE, BOB, OTHER_TEAM, stubUser, TEAM_ID } from './fixtures.js';

const cli = useCli();

function stubNoSuchTeam(name = 'Payments') {
  cli.stub('ListTeams', { query: { teamName: name, no_members: true } }).reply(200, ok([]));
}

describe('teams create: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'create'], "missing required argument 'name'"],
    [['teams', 'create', ''], 'team name must not be empty'],
    [
      ['teams', 'create', 'P', '--app', 'bad id'],
      'invalid value for --app: "bad id" (letters and digits, with _ : . - allowed inside)',
    ],
    [
      ['teams', 'create', 'P', '--member', 'alice'],
      'invalid value for --member: "alice" (expected EMAIL or USER-ID, optionally :ROLE (TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST or a role id))',
    ],
    [
      ['teams', 'create', 'P', '--member', 'alice@example.com:OWNER'],
      'invalid value for --member: "alice@example.com:OWNER" (expected EMAIL or USER-ID, optionally :ROLE (TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST or a role id))',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams create', () => {
  it('looks e-mails up, then creates the team with apps and members and shows it', async () => {
    stubNoSuchTeam();
    cli.stub('ListApps').reply(200, ok([{ id: 'payments-api' }, { id: 'ledger', team_id: '' }]));
    stubUser(cli, 'alice@example.com', ALICE);
    const body = {
      name: 'Payments',
      applications: ['payments-api', 'ledger'],
      team_membership: [
        { user_id_v2: ALICE, team_role: 'TEAM_ADMIN' },
        { user_id_v2: BOB, team_role: 'TEAM_MEMBER' },
      ],
    };
    cli.stub('CreateTeam', { body }).reply(200, ok({ team_id: TEAM_ID }));
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(
      200,
      ok({
        version: 1,
        team_id: TEAM_ID,
        team_name: 'Payments',
        applications: body.applications,
        users: body.team_membership,
      }),
    );
    const result = await cli.run(
      [
        'teams',
        'create',
        'Payments',
        '--app',
        'payments-api',
        '--app',
        'ledger',
        '--member',
        'alice@example.com:TEAM_ADMIN',
        '--member',
        BOB,
        '-o',
        'json',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).version).toBe(1);
    expect(result.stderr).toBe(`Created team Payments (${TEAM_ID}).\n`);
  });

  it('refuses an unknown e-mail before anything is created (exit 5)', async () => {
    stubNoSuchTeam();
    stubUser(cli, 'ghost@example.com', undefined);
    const result = await cli.run(['teams', 'create', 'Payments', '--member', 'ghost@example.com'], {
      env: authEnv(),
    });
    expect(result.code).toBe(5);
    expect(result.stderr.split('\n')[0]).toBe('error: no user has the e-mail ghost@example.com');
    expect(cli.calls().some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses an app of another team, naming it (exit 6)', async () => {
    stubNoSuchTeam();
    cli.stub('ListApps').reply(200, ok([{ id: 'web', team_id: OTHER_TEAM }]));
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(200, ok([{ team_id: OTHER_TEAM, team_name: 'Web' }]));
    const result = await cli.run(['teams', 'create', 'Payments', '--app', 'web'], { env: authEnv() });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      'error: an app belongs to another team: web (team Web)\n' +
        'hint: create the team without it, then move it: `secscan teams update TEAM --add-app ID --force`\n',
    );
  });

  it('refuses an unknown app (exit 5) and a name already taken (exit 6)', async () => {
    stubNoSuchTeam();
    cli.stub('ListApps').reply(200, ok([]));
    const unknown = await cli.run(['teams', 'create', 'Payments', '--app', 'nope'], { env: authEnv() });
    expect(unknown.code).toBe(5);
    expect(unknown.stderr.split('\n')[0]).toBe('error: no app has the id nope');
    cli
      .stub('ListTeams', { query: { teamName: 'payments', no_members: true } })
      .reply(200, ok([{ team_id: TEAM_ID, team_name: 'Payments' }]));
    const taken = await cli.run(['teams', 'create', 'payments'], { env: authEnv() });
    expect(taken.code).toBe(6);
    expect(taken.stderr.split('\n')[0]).toBe(`error: a team named Payments exists (${TEAM_ID})`);
  });

  it('says the create may have happened when the connection drops, and how to check', async () => {
    stubNoSuchTeam();
    cli.stub('CreateTeam', { body: { name: 'Payments' } }).replyWithError(new Error('socket hang up'));
    const result = await cli.run(['teams', 'create', 'Payments'], { env: authEnv() });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('the change may or may not have been applied');
    expect(result.stderr).toContain(
      'hint: check with `secscan teams list --name "Payments"` before retrying',
    );
  });
});
