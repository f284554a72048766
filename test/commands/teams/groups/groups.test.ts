import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { GROUP_ID, stubTeamByName, TEAM_ID } from '../fixtures.js';

const cli = useCli();
const group = {
  group_id: GROUP_ID,
  group_name: 'Developers',
  members: [{ user_id: 'u1', email: 'a@example.com' }],
  teams: [{ team_id: TEAM_ID, team_name: 'Payments', role: 'TEAM_MANAGER' }],
};

function stubGroupByName(name = 'Developers') {
  cli
    .stub('ListHumanGroups', { query: { name, no_members: true } })
    .reply(200, ok({ groups: [{ group_id: GROUP_ID, group_name: name }] }));
}

describe('teams groups: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'groups', 'add', 'Payments'], "missing required argument 'group'"],
    [
      ['teams', 'groups', 'add', 'Payments', 'Developers:TEAM_OWNER'],
      'invalid group "Developers:TEAM_OWNER": expected GROUP or GROUP:ROLE (TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST or a role id)',
    ],
    [
      ['teams', 'groups', 'set-role', 'Payments', 'Developers', 'OWNER'],
      'invalid role "OWNER": expected TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST or a role id',
    ],
    [
      ['teams', 'groups', 'remove', 'Payments', 'Developers'],
      'Remove group Developers from team Payments? Its members lose the role it gave them: confirmation needed; pass --yes to proceed without a prompt',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams groups', () => {
  it('list shows each group with its role in that team', async () => {
    stubTeamByName(cli);
    cli.stub('ListGroups', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok([group]));
    const result = await cli.run(['teams', 'groups', 'list', 'Payments'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: `${GROUP_ID}\tDevelopers\tTEAM_MANAGER\t1\n`, stderr: '' });
  });

  it('add resolves names (exact, then any case) and upserts every group with its role', async () => {
    stubTeamByName(cli);
    stubGroupByName();
    cli
      .stub('ListHumanGroups', { query: { name: 'auditors', no_members: true } })
      .reply(200, ok({ groups: [] }));
    cli
      .stub('ListHumanGroups', { query: { iname: 'auditors', no_members: true } })
      .reply(200, ok({ groups: [{ group_id: 'g2', group_name: 'Auditors' }] }));
    cli
      .stub('UpsertGroup', {
        path: { rbacTeamID: TEAM_ID },
        body: {
          group_ids: [
            { group_id: GROUP_ID, team_role: 'TEAM_MEMBER' },
            { group_id: 'g2', team_role: 'TEAM_GUEST' },
          ],
        },
      })
      .reply(200, { ok: true });
    const result = await cli.run(
      ['teams', 'groups', 'add', 'Payments', 'Developers', 'auditors:TEAM_GUEST'],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'Group Developers is in team Payments as TEAM_MEMBER.\nGroup Auditors is in team Payments as TEAM_GUEST.\n',
    );
  });

  it('add exits 5 naming a group nobody has, before any write', async () => {
    stubTeamByName(cli);
    cli.stub('ListHumanGroups', { query: { name: 'Nope', no_members: true } }).reply(200, ok({ groups: [] }));
    cli
      .stub('ListHumanGroups', { query: { iname: 'Nope', no_members: true } })
      .reply(200, ok({ groups: [] }));
    const result = await cli.run(['teams', 'groups', 'add', 'Payments', 'Nope'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr.split('\n')[0]).toBe('error: no group is named "Nope"');
  });

  it('set-role posts the role, with a way to check it when the answer is lost', async () => {
    stubTeamByName(cli);
    stubGroupByName();
    cli
      .stub('UpdateGroup', {
        path: { rbacTeamID: TEAM_ID, groupID: GROUP_ID },
        body: { team_role: 'TEAM_ADMIN' },
      })
      .reply(503, { ok: false, code: 'UNAVAILABLE', message: 'try later' });
    const result = await cli.run(['teams', 'groups', 'set-role', 'Payments', 'Developers', 'TEAM_ADMIN'], {
      env: authEnv(),
    });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(
      `hint: check with \`secscan teams groups list ${TEAM_ID}\` before retrying`,
    );
  });

  it('show reads the group of the team; remove takes it out', async () => {
    stubTeamByName(cli);
    cli.stub('ReadTeamGroup', { path: { rbacTeamID: TEAM_ID, groupID: GROUP_ID } }).reply(200, ok(group));
    const shown = await cli.run(['teams', 'groups', 'show', 'Payments', GROUP_ID, '-o', 'json'], {
      env: authEnv(),
    });
    expect(JSON.parse(shown.stdout)).toEqual(group);
    stubTeamByName(cli);
    stubGroupByName();
    cli
      .stub('RemoveGroupFromTeam', { path: { rbacTeamID: TEAM_ID, groupID: GROUP_ID } })
      .reply(200, { ok: true });
    const removed = await cli.run(['teams', 'groups', 'rm', 'Payments', 'Developers', '--yes'], {
      env: authEnv(),
    });
    expect(removed).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Removed group Developers from team Payments.\n',
    });
  });
});
