import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../../helpers/cli.js';
import { ids, payments, stubDirectory, stubTeams, web } from './access-fixtures.js';

const cli = useCli();

function apply(file: string, args: string[] = [], stdinTTY = false) {
  return cli.run(['teams', 'apply', '-', ...args], { env: authEnv(), stdin: file, stdinTTY });
}

const writes = () => cli.calls().filter((c) => c.method !== 'GET');

describe('teams apply: a file that cannot be applied is refused before any request', () => {
  it.each([
    ['teams: [', 'stdin:1: not valid YAML or JSON'],
    ['', 'stdin:1: the file is empty: expected `teams:`'],
    ['teams:\n  - name: A\n    owner: x\n', 'stdin:3: teams[0]: unknown key "owner"'],
    ['teams:\n  - apps: [a]\n', 'stdin:2: teams[0].name: is required'],
    [
      'teams:\n  - name: A\n    apps: ["bad id"]\n',
      'stdin:3: teams[0].apps[0]: an app id is letters and digits, with _ : . - allowed inside',
    ],
    ['teams:\n  - name: A\n  - name: a\n', 'stdin:3: team a is listed again (first on line 2)'],
    [
      'teams:\n  - name: A\n    apps: [x]\n  - name: B\n    apps:\n      - y\n      - x\n',
      'stdin:7: app x is listed under team B and team A (line 3): an app belongs to one team',
    ],
    [
      'teams:\n  - name: A\n    members:\n      alice: TEAM_MEMBER\n',
      'stdin:4: member "alice" is not an e-mail or a user id',
    ],
    // Roles written like built-in ones are all known: a misspelt or an organization role is refused here.
    [
      'teams:\n  - name: A\n    members:\n      a@example.com: TEAM_ADMIN\n      b@example.com: TEAM_EMPEROR\n',
      'stdin:5: teams[0].members.b@example.com: "TEAM_EMPEROR" is not a team role (TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST, a role id, or the name of a custom team role)',
    ],
    [
      'teams:\n  - name: A\n  - name: B\n    groups:\n      Developers: TEAM_MANAGER\n      Auditors: OWNER\n',
      'stdin:6: teams[1].groups.Auditors: "OWNER" is not a team role',
    ],
    [
      'teams:\n  - name: A\n    members: {a@example.com: SUPER_ADMIN}\n',
      'stdin:3: teams[0].members.a@example.com: "SUPER_ADMIN" is an organization role, not a team role',
    ],
    [
      'teams:\n  - name: A\n    groups:\n      Developers: TEAM_DEFINED\n',
      'stdin:4: teams[0].groups.Developers: "TEAM_DEFINED" is an organization role, not a team role',
    ],
    [
      '{"teams": [{"name": "A", "members": {"a@example.com": "POWER_USER"}}]}',
      'stdin:1: teams[0].members.a@example.com: "POWER_USER" is an organization role, not a team role',
    ],
  ])('%j', async (file, message) => {
    const result = await apply(file);
    expect(result.code).toBe(3);
    expect(result.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(cli.calls()).toEqual([]);
  });

  it('names every unknown e-mail, app, group and role in one error (exit 5) and writes nothing', async () => {
    stubTeams(cli, [payments()]);
    stubDirectory(cli, { groups: true, emails: ['ghost@example.com', 'alice@example.com'] });
    const file = [
      'teams:',
      '  - name: Payments',
      '    apps: [payments-api, nope]',
      '    members:',
      '      ghost@example.com: TEAM_MEMBER',
      '      alice@example.com: Owners',
      '    groups:',
      '      Nobody: TEAM_MEMBER',
    ].join('\n');
    const result = await apply(file);
    expect(result.code).toBe(5);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: stdin names what the organization does not have: e-mail ghost@example.com; app nope; role Owners (team Payments); group Nobody',
    );
    expect(writes()).toEqual([]);
  });
});

describe('teams apply', () => {
  const file = [
    'teams:',
    '  - name: Payments',
    '    apps: [payments-api, ledger, docs-site]',
    '    members:',
    '      alice@example.com: TEAM_ADMIN',
    '      bob@example.com: TEAM_MEMBER',
    '    groups:',
    '      Developers: TEAM_MANAGER',
    '      Auditors:',
    '  - name: Mobile',
    '    apps: [web-frontend]',
    '    members:',
    '      carol@example.com: Release Manager',
  ].join('\n');

  function stubReads() {
    // Without --prune only the teams the file names are read: Web is only listed.
    stubTeams(cli, [payments(), web()], [payments()]);
    stubDirectory(cli, {
      groups: true,
      emails: ['alice@example.com', 'bob@example.com', 'carol@example.com'],
    });
  }

  it('--dry-run prints the plan and writes nothing', async () => {
    stubReads();
    const result = await apply(file, ['--dry-run', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(writes()).toEqual([]);
    expect(result.stderr).toBe('Dry run: 9 changes to 2 teams; nothing was changed.\n');
    const rows = JSON.parse(result.stdout) as Record<string, string>[];
    expect(
      rows.map(
        (r) => `${r.team} ${r.action} ${r.what} ${r.target} ${r.from ?? ''}>${r.to ?? ''} ${r.status}`,
      ),
    ).toEqual([
      'Payments add app ledger > planned',
      'Payments move app docs-site Web> planned',
      'Payments change member alice@example.com TEAM_MEMBER>TEAM_ADMIN planned',
      'Payments add member bob@example.com >TEAM_MEMBER planned',
      'Payments change group Developers TEAM_MEMBER>TEAM_MANAGER planned',
      'Payments add group Auditors >TEAM_MEMBER planned',
      'Mobile create team Mobile > planned',
      'Mobile move app web-frontend Web> planned',
      'Mobile add member carol@example.com >Release Manager planned',
    ]);
  });

  it('prints the plan as a tree on a terminal', async () => {
    stubReads();
    const result = await cli.run(['teams', 'apply', '-', '--dry-run', '--no-color'], {
      env: authEnv(),
      stdin: file,
      stdoutTTY: true,
    });
    expect(result.stdout).toContain('team Payments\n  + app ledger\n  > move app docs-site from team Web\n');
    expect(result.stdout).toContain('  ~ member alice@example.com: TEAM_MEMBER -> TEAM_ADMIN\n');
    expect(result.stdout).toContain(
      'team Mobile\n  + create team Mobile\n  > move app web-frontend from team Web\n',
    );
  });

  it('creates, then grants, with each team’s version: the team an app left is read again before it is written', async () => {
    stubReads();
    cli
      .stub('CreateTeam', {
        body: { name: 'Mobile', team_membership: [{ user_id_v2: ids.carol, team_role: ids.release }] },
      })
      .reply(200, ok({ team_id: 'new-team' }));
    cli
      .stub('UpdateTeam', {
        path: { rbacTeamID: ids.payments },
        body: {
          version: 3,
          add_applications: ['ledger', 'docs-site'],
          force_app_inclusion: true,
          add_team_membership: [
            { user_id_v2: ids.alice, team_role: 'TEAM_ADMIN' },
            { user_id_v2: ids.bob, team_role: 'TEAM_MEMBER' },
          ],
          remove_team_membership: [{ user_id_v2: ids.alice, team_role: 'TEAM_MEMBER' }],
        },
      })
      .reply(200, ok({ ...payments(), version: 4 }));
    cli
      .stub('UpsertGroup', {
        path: { rbacTeamID: ids.payments },
        body: {
          group_ids: [
            { group_id: ids.devs, team_role: 'TEAM_MANAGER' },
            { group_id: 'g-auditors', team_role: 'TEAM_MEMBER' },
          ],
        },
      })
      .reply(200, { ok: true });
    cli
      .stub('ReadTeam', { path: { rbacTeamID: 'new-team' } })
      .reply(200, ok({ version: 1, team_id: 'new-team', team_name: 'Mobile', applications: [], users: [] }));
    cli
      .stub('UpdateTeamApps', {
        path: { rbacTeamID: 'new-team' },
        body: { version: 1, add_applications: ['web-frontend'], force_app_inclusion: true },
      })
      .reply(
        200,
        ok({
          version: 2,
          team_id: 'new-team',
          team_name: 'Mobile',
          applications: ['web-frontend'],
          users: [],
        }),
      );
    const result = await apply(file);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Applied 9 changes to 2 teams.\n');
    expect(writes().map((c) => `${c.method} ${c.path.replace(/.*\/rbac\//, '')}`)).toEqual([
      'POST teams',
      'PUT teams/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      'PUT teams/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/groups',
      'PUT teams/new-team/apps',
    ]);
    expect(result.stdout.split('\n').every((line) => line === '' || line.endsWith('\tapplied'))).toBe(true);
  });

  it('prints "No changes." and writes nothing when the service already matches (roles in any form)', async () => {
    stubTeams(cli, [payments()]);
    stubDirectory(cli, { groups: true, emails: ['alice@example.com'] });
    const same = [
      'teams:',
      '  - name: Payments',
      '    apps: [payments-api]',
      '    members: {alice@example.com: TEAM_MEMBER}',
      '    groups: {Developers: TEAM_MEMBER}',
    ].join('\n');
    const result = await apply(same);
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No changes.\n' });
    expect(writes()).toEqual([]);
  });

  it('--prune removes what the file leaves out and deletes teams it does not list, after asking', async () => {
    const pruned = ['teams:', '  - name: Payments', '    apps: []', '    members: {}'].join('\n');
    stubTeams(cli, [payments(), web()]);
    stubDirectory(cli, {});
    cli
      .stub('ListOrgRBACUsers')
      .reply(200, ok([{ id_v2: ids.alice, email: 'alice@example.com', team_membership: [] }]));
    const refused = await apply(pruned, ['--prune']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'error: Apply 3 changes to 2 teams, of which 3 removals: confirmation needed; pass --yes to proceed without a prompt\n',
    );
    expect(writes()).toEqual([]);

    stubTeams(cli, [payments(), web()]);
    stubDirectory(cli, {});
    cli
      .stub('ListOrgRBACUsers')
      .reply(200, ok([{ id_v2: ids.alice, email: 'alice@example.com', team_membership: [] }]));
    cli
      .stub('UpdateTeam', {
        path: { rbacTeamID: ids.payments },
        body: {
          version: 3,
          remove_applications: ['payments-api'],
          remove_team_membership: [{ user_id_v2: ids.alice, team_role: 'TEAM_MEMBER' }],
        },
      })
      .reply(200, ok({ ...payments(), version: 4, applications: [], users: [] }));
    cli.stub('DeleteTeam', { path: { rbacTeamID: ids.web }, body: { version: 7 } }).reply(200, { ok: true });
    const result = await apply(pruned, ['--prune', '--yes']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'Payments\tremove\tapp\tpayments-api\t\t\tapplied\n' +
        'Payments\tremove\tmember\talice@example.com\tTEAM_MEMBER\t\tapplied\n' +
        'Web\tdelete\tteam\tWeb\t\t\tapplied\n',
    );
  });

  it('says what was and was not applied when a write fails midway (and how to finish)', async () => {
    stubReads();
    cli.stub('CreateTeam').reply(200, ok({ team_id: 'new-team' }));
    cli.stub('UpdateTeam', { path: { rbacTeamID: ids.payments } }).reply(409, {
      ok: false,
      code: 'TEAM_VERSION_CONFLICT',
      message: 'team Payments is at version 4, not 3',
    });
    const result = await apply(file);
    expect(result.code).toBe(6);
    const lines = result.stderr.split('\n');
    expect(lines[0]).toBe('warning: the apply stopped: 2 changes applied, 7 changes not applied');
    expect(lines).toContain('  team Mobile: + create team Mobile');
    expect(lines).toContain('  team Payments: > move app docs-site from team Web');
    expect(lines).toContain(
      'run `secscan teams apply -` again to finish: it applies only what is still missing',
    );
    expect(result.stderr).toContain(
      'error: UpdateTeam: team Payments is at version 4, not 3 (HTTP 409 TEAM_VERSION_CONFLICT)\nhint: team Payments changed during the apply\n',
    );
  });

  it('says a change whose answer was lost may have been applied (exit 7)', async () => {
    stubReads();
    cli.stub('CreateTeam').replyWithError(new Error('socket hang up'));
    const result = await apply(file);
    expect(result.code).toBe(7);
    const lines = result.stderr.split('\n');
    expect(lines[0]).toBe(
      'warning: the apply stopped: 0 changes applied, 7 changes not applied, 2 changes of unknown outcome',
    );
    expect(lines[1]).toBe('unknown (the answer was lost; it may have been applied):');
    expect(lines[2]).toBe('  team Mobile: + create team Mobile');
    expect(result.stderr).toContain('hint: check with `secscan teams list --name "Mobile"` before retrying');
  });

  it('refuses a file naming a team the service holds twice, before any write', async () => {
    const twin = { ...payments(), team_id: ids.web, groups: [] };
    stubTeams(cli, [payments(), twin]);
    stubDirectory(cli, {});
    const result = await apply('teams:\n  - name: payments\n');
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: several teams are named payments: the file cannot say which one it means',
    );
    expect(writes()).toEqual([]);
  });

  it('reads a file from disk too', async () => {
    const path = join(cli.configDir, 'access.yml');
    writeFileSync(path, 'teams: []\n');
    stubTeams(cli, []);
    stubDirectory(cli, {});
    const result = await cli.run(['teams', 'apply', path], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No changes.\n' });
  });
});
