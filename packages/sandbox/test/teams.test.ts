import { describe, expect, it } from 'vitest';
import { call, userToken, useSandbox } from './harness.js';

describe('sandbox teams', () => {
  const sandbox = useSandbox();
  const team = (name: string) => sandbox().state.rbac.teams.find((t) => t.team_name === name);
  const id = (name: string) => team(name)?.team_id as string;
  const user = (role: string) => sandbox().state.users.find((u) => u.org_role === role)?.id_v2 as string;

  it('ListTeams lists the teams by name as {team_id, team_name, team_version}; the name filter (any case) narrows it', async () => {
    const all = await call(sandbox(), 'ListTeams');
    expect(all.json.response.map((t: { team_name: string }) => t.team_name)).toEqual([
      'Payments',
      'Platform',
      'Web',
    ]);
    // Exactly the service's keys, with or without no_members: members and apps come from ReadTeam.
    for (const entry of all.json.response) {
      expect(Object.keys(entry)).toEqual(['team_id', 'team_name', 'team_version']);
    }
    const one = await call(sandbox(), 'ListTeams', { query: 'teamName=payments&no_members=true' });
    expect(one.json.response).toEqual([{ team_id: id('Payments'), team_name: 'Payments', team_version: 1 }]);
    const byName = await call(sandbox(), 'ListTeams', { query: 'name=WEB' });
    expect(byName.json.response).toHaveLength(1);
    const bad = await call(sandbox(), 'ListTeams', { query: 'no_members=false' });
    expect(bad.status).toBe(400);
    expect(bad.json.validation_errors).toEqual(['no_members: the only value is true']);
  });

  it('ReadTeam answers the team with its apps, and its members as `users` (specification) and `members` (vendor document)', async () => {
    const res = await call(sandbox(), 'ReadTeam', { params: { rbacTeamID: id('Payments') } });
    const members = team('Payments')?.users.map((u) => ({ ...u }));
    expect(res.json.response).toEqual({
      version: 1,
      team_id: id('Payments'),
      team_name: 'Payments',
      applications: ['payments-api', 'ledger-service'],
      users: members,
      members,
    });
    expect(members).toHaveLength(2);
  });

  it('ListTeams pages at 100 only when page is given', async () => {
    const res = await call(sandbox(), 'ListTeams', { query: 'page=1&per_page=2' });
    expect(res.json.response).toHaveLength(2);
    expect(res.json.next_page).toContain('page=2');
  });

  it('ListTeams never answers 507: its entries carry no members, however many the teams have', async () => {
    const web = team('Web');
    const saved = web?.users ?? [];
    if (web)
      web.users = Array.from({ length: 10_001 }, (_, i) => ({
        user_id_v2: `u${i}`,
        team_role: 'TEAM_MEMBER',
      }));
    try {
      const res = await call(sandbox(), 'ListTeams');
      expect(res.status).toBe(200);
      expect(res.json.response).toHaveLength(3);
    } finally {
      if (web) web.users = saved;
    }
  });

  it('ListTeams shows a non-admin only the teams it can read', async () => {
    const res = await call(sandbox(), 'ListTeams', { token: userToken(sandbox(), 'POWER_USER') });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual([]);
  });

  it('CreateTeam refuses a taken name (409), an unknown app or user, a role that is not a team role (400)', async () => {
    expect((await call(sandbox(), 'CreateTeam', { body: { name: 'payments' } })).status).toBe(409);
    const bad = await call(sandbox(), 'CreateTeam', { body: { name: 'New', applications: ['nope'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.validation_errors).toEqual(['applications: no app has the id nope']);
    const members = await call(sandbox(), 'CreateTeam', {
      body: {
        name: 'New',
        team_membership: [
          { user_id_v2: 'ghost', team_role: 'TEAM_MEMBER' },
          { user_id_v2: user('MEMBER'), team_role: 'SUPER_ADMIN' },
        ],
      },
    });
    expect(members.json.validation_errors).toEqual([
      'team_membership[0].user_id_v2: no user has the id ghost',
      'team_membership[1].team_role: SUPER_ADMIN is not a team role',
    ]);
  });

  it('CreateTeam refuses an app of another team, naming it (409); creates at version 1 otherwise', async () => {
    const held = await call(sandbox(), 'CreateTeam', {
      body: { name: 'New', applications: ['payments-api'] },
    });
    expect(held.status).toBe(409);
    expect(held.json.message).toBe(
      'app payments-api belongs to team Payments: send force_app_inclusion to move it',
    );
    const created = await call(sandbox(), 'CreateTeam', {
      body: {
        name: 'Docs',
        applications: ['docs-site'],
        team_membership: [{ user_id_v2: user('GUEST'), team_role: 'TEAM_GUEST' }],
      },
    });
    expect(created.status).toBe(200);
    const read = await call(sandbox(), 'ReadTeam', { params: { rbacTeamID: created.json.response.team_id } });
    expect(read.json.response).toEqual({
      version: 1,
      team_id: created.json.response.team_id,
      team_name: 'Docs',
      applications: ['docs-site'],
      users: [{ user_id_v2: user('GUEST'), team_role: 'TEAM_GUEST' }],
      members: [{ user_id_v2: user('GUEST'), team_role: 'TEAM_GUEST' }],
    });
  });

  it('every write needs the current version: a stale one is 409, a good one bumps it', async () => {
    const docs = id('Docs');
    const stale = await call(sandbox(), 'UpdateTeamMetadata', {
      params: { rbacTeamID: docs },
      body: { version: 0, change_name: 'X' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe('TEAM_VERSION_CONFLICT');
    const renamed = await call(sandbox(), 'UpdateTeamMetadata', {
      params: { rbacTeamID: docs },
      body: { version: 1, change_name: 'Documentation' },
    });
    expect(renamed.json.response).toMatchObject({ version: 2, team_name: 'Documentation' });
    const taken = await call(sandbox(), 'UpdateTeamMetadata', {
      params: { rbacTeamID: docs },
      body: { version: 2, change_name: 'web' },
    });
    expect(taken.status).toBe(409);
  });

  it('force_app_inclusion moves an app, bumping the version of the team it leaves too', async () => {
    const docs = id('Documentation');
    const before = team('Web')?.version as number;
    const refused = await call(sandbox(), 'UpdateTeamApps', {
      params: { rbacTeamID: docs },
      body: { version: 2, add_applications: ['web-frontend'] },
    });
    expect(refused.status).toBe(409);
    const moved = await call(sandbox(), 'UpdateTeamApps', {
      params: { rbacTeamID: docs },
      body: { version: 2, add_applications: ['web-frontend'], force_app_inclusion: true },
    });
    expect(moved.json.response).toMatchObject({ version: 3, applications: ['web-frontend', 'docs-site'] });
    expect(team('Web')?.version).toBe(before + 1);
    expect(sandbox().state.apps.find((a) => a.id === 'web-frontend')?.team_id).toBe(docs);
  });

  it('UpdateTeam removes first, then adds: a member re-added takes the new role', async () => {
    const docs = id('Documentation');
    const res = await call(sandbox(), 'UpdateTeam', {
      params: { rbacTeamID: docs },
      body: {
        version: 3,
        remove_applications: ['docs-site'],
        remove_team_membership: [{ user_id_v2: user('GUEST'), team_role: 'TEAM_GUEST' }],
        add_team_membership: [{ user_id_v2: user('GUEST'), team_role: 'TEAM_ADMIN' }],
      },
    });
    expect(res.json.response).toMatchObject({
      version: 4,
      applications: ['web-frontend'],
      users: [{ user_id_v2: user('GUEST'), team_role: 'TEAM_ADMIN' }],
    });
  });

  it('DeleteTeam needs the version; its apps then belong to no team and its groups leave it', async () => {
    const web = id('Web');
    sandbox().state.groups[0]?.teams.push({ team_id: web, team_role: 'TEAM_MEMBER' });
    expect((await call(sandbox(), 'DeleteTeam', { params: { rbacTeamID: web }, body: {} })).status).toBe(400);
    const version = team('Web')?.version as number;
    expect(
      (await call(sandbox(), 'DeleteTeam', { params: { rbacTeamID: web }, body: { version } })).status,
    ).toBe(200);
    expect(team('Web')).toBeUndefined();
    expect(
      sandbox()
        .state.groups.flatMap((g) => g.teams)
        .some((t) => t.team_id === web),
    ).toBe(false);
    expect((await call(sandbox(), 'ReadTeam', { params: { rbacTeamID: web } })).status).toBe(404);
  });
});
