import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const GROUP_ID = '3f2e1d0c-9b8a-4776-8554-433221100fed';
const group = {
  group_id: GROUP_ID,
  group_name: 'Developers',
  members: [
    { user_id_v2: 'u1', email: 'a@example.com' },
    { user_id_v2: 'u2', email: 'b@example.com' },
  ],
  teams: [{ team_id: 't1', team_name: 'Web', role: 'TEAM_MEMBER' }],
};

describe('groups: usage errors (exit 2, no request)', () => {
  it.each([
    [['groups', 'list', '--name', 'a', '--iname', 'b'], '--name and --iname cannot be used together'],
    [['groups', 'show'], "missing required argument 'group'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('groups', () => {
  it('list shows member counts and teams with roles, following next_page', async () => {
    const next = 'http://127.0.0.1:9/api/v4/orgs/8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b/rbac/groups?page=2';
    cli.stub('ListHumanGroups').reply(200, ok({ groups: [group] }, next));
    cli
      .stub('ListHumanGroups', { query: { page: 2 } })
      .reply(200, ok({ groups: [{ group_id: 'g2', group_name: 'Empty' }] }));
    const result = await cli.run(['groups', 'list'], { env: authEnv() });
    expect(result.stdout).toBe(`${GROUP_ID}\tDevelopers\t2\tWeb (TEAM_MEMBER)\ng2\tEmpty\t\t\n`);
  });

  it('list --iname filters in any case', async () => {
    cli.stub('ListHumanGroups', { query: { iname: 'developers' } }).reply(200, ok({ groups: [group] }));
    const result = await cli.run(['groups', 'list', '--iname', 'developers', '-o', 'json'], {
      env: authEnv(),
    });
    expect(JSON.parse(result.stdout)).toEqual([group]);
  });

  it('show finds a group by name', async () => {
    cli
      .stub('ListHumanGroups', { query: { name: 'Developers', no_members: true } })
      .reply(200, ok({ groups: [{ group_id: GROUP_ID, group_name: 'Developers' }] }));
    cli.stub('ReadGroup', { path: { groupID: GROUP_ID } }).reply(200, ok(group));
    const result = await cli.run(['groups', 'show', 'Developers'], { env: authEnv() });
    expect(result.stdout).toContain('members\ta@example.com  u1 b@example.com  u2\n');
  });

  it('exits 8 when the listing has no groups key shape it can read', async () => {
    cli.stub('ListHumanGroups').reply(200, ok({ groups: [{ group_name: 'x' }] }));
    const result = await cli.run(['groups', 'list'], { env: authEnv() });
    expect(result.code).toBe(8);
  });
});
