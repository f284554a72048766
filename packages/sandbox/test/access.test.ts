import { describe, expect, it } from 'vitest';
import { call, orgToken, userToken, useSandbox } from './harness.js';

describe('sandbox human groups', () => {
  const sandbox = useSandbox();
  const teamId = (name: string) =>
    sandbox().state.rbac.teams.find((t) => t.team_name === name)?.team_id as string;
  const groupId = (name: string) =>
    sandbox().state.groups.find((g) => g.group_name === name)?.group_id as string;

  it('ListHumanGroups: members by user_id_v2 and e-mail, teams with roles; name, iname, no_members', async () => {
    const all = await call(sandbox(), 'ListHumanGroups');
    const devs = all.json.response.groups.find((g: { group_name: string }) => g.group_name === 'Developers');
    expect(devs.members).toHaveLength(3);
    expect(Object.keys(devs.members[0])).toEqual(['user_id_v2', 'email']);
    expect(devs.teams).toEqual([{ team_id: teamId('Web'), team_name: 'Web', role: 'TEAM_MEMBER' }]);
    expect(
      (await call(sandbox(), 'ListHumanGroups', { query: 'name=developers' })).json.response.groups,
    ).toEqual([]);
    const ci = await call(sandbox(), 'ListHumanGroups', { query: 'iname=developers&no_members=true' });
    expect(ci.json.response.groups).toEqual([
      { group_id: groupId('Developers'), group_name: 'Developers', teams: devs.teams },
    ]);
    expect((await call(sandbox(), 'ListHumanGroups', { query: 'search=dev&name=x' })).status).toBe(400);
  });

  it('ReadGroup and the team group operations give members as user_id', async () => {
    const res = await call(sandbox(), 'ReadGroup', { params: { groupID: groupId('Auditors') } });
    expect(Object.keys(res.json.response.members[0])).toEqual(['user_id', 'email']);
    const teamGroups = await call(sandbox(), 'ListGroups', { params: { rbacTeamID: teamId('Web') } });
    expect(teamGroups.json.response.map((g: { group_name: string }) => g.group_name)).toEqual(['Developers']);
  });

  it('UpsertGroup adds groups or sets their role; unknown groups and roles are 400, nothing changed', async () => {
    const web = teamId('Web');
    const bad = await call(sandbox(), 'UpsertGroup', {
      params: { rbacTeamID: web },
      body: {
        group_ids: [
          { group_id: groupId('Auditors'), team_role: 'TEAM_GUEST' },
          { group_id: 'nope', team_role: 'BOSS' },
        ],
      },
    });
    expect(bad.json.validation_errors).toEqual([
      'group_ids[1].group_id: no group has the id nope',
      'group_ids[1].team_role: BOSS is not a team role',
    ]);
    expect((await call(sandbox(), 'ListGroups', { params: { rbacTeamID: web } })).json.response).toHaveLength(
      1,
    );
    const good = await call(sandbox(), 'UpsertGroup', {
      params: { rbacTeamID: web },
      body: {
        group_ids: [
          { group_id: groupId('Auditors'), team_role: 'TEAM_GUEST' },
          { group_id: groupId('Developers'), team_role: 'TEAM_ADMIN' },
        ],
      },
    });
    expect(good.status).toBe(200);
    const roles = (await call(sandbox(), 'ListGroups', { params: { rbacTeamID: web } })).json.response.map(
      (g: { group_name: string; teams: { team_id: string; role: string }[] }) => [
        g.group_name,
        g.teams.find((t) => t.team_id === web)?.role,
      ],
    );
    expect(roles).toEqual([
      ['Auditors', 'TEAM_GUEST'],
      ['Developers', 'TEAM_ADMIN'],
    ]);
  });

  it('UpdateGroup sets the role; RemoveGroupFromTeam takes the group out; a group not in the team is 404', async () => {
    const params = { rbacTeamID: teamId('Web'), groupID: groupId('Auditors') };
    expect(
      (await call(sandbox(), 'UpdateGroup', { params, body: { team_role: 'TEAM_MANAGER' } })).status,
    ).toBe(200);
    expect((await call(sandbox(), 'ReadTeamGroup', { params })).json.response.teams[0].role).toBe(
      'TEAM_MANAGER',
    );
    expect((await call(sandbox(), 'UpdateGroup', { params, body: {} })).status).toBe(400);
    expect((await call(sandbox(), 'RemoveGroupFromTeam', { params })).status).toBe(200);
    expect((await call(sandbox(), 'ReadTeamGroup', { params })).status).toBe(404);
    expect((await call(sandbox(), 'RemoveGroupFromTeam', { params })).status).toBe(404);
  });
});

describe('sandbox users and invitations', () => {
  const sandbox = useSandbox();
  const user = (role: string) => sandbox().state.users.find((u) => u.org_role === role);

  it('ListOrgRBACUsers looks e-mails up (any case); the organization role is the entry without a team', async () => {
    const member = user('MEMBER');
    const res = await call(sandbox(), 'ListOrgRBACUsers', { query: `email=${member?.email.toUpperCase()}` });
    expect(res.json.response).toHaveLength(1);
    const [row] = res.json.response;
    expect(row).toMatchObject({ id_v2: member?.id_v2, email: member?.email });
    expect(row.team_membership[0]).toMatchObject({
      team_id: '',
      team_name: '',
      role_name: 'Member',
      role_aliases: ['MEMBER', 'TEAM_MEMBER'],
    });
    expect(row.team_membership[1]).toMatchObject({
      team_name: 'Web',
      role_aliases: ['POWER_USER', 'TEAM_ADMIN'],
    });
    expect(
      (await call(sandbox(), 'ListOrgRBACUsers', { query: 'email=nobody@example.com' })).json.response,
    ).toEqual([]);
  });

  it('ListOrgRBACUsers without an e-mail lists the organization (search, team, sort)', async () => {
    const all = await call(sandbox(), 'ListOrgRBACUsers');
    expect(all.json.response).toHaveLength(sandbox().state.users.length);
    const emails = all.json.response.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    const web = sandbox().state.rbac.teams.find((t) => t.team_name === 'Web')?.team_id;
    expect((await call(sandbox(), 'ListOrgRBACUsers', { query: `team=${web}` })).json.response).toHaveLength(
      2,
    );
    expect((await call(sandbox(), 'ListOrgRBACUsers', { query: 'search=x&email=a@b.c' })).status).toBe(400);
  });

  it('UpdateOrgUser sets the organization role', async () => {
    const guest = user('GUEST');
    const res = await call(sandbox(), 'UpdateOrgUser', {
      params: { userIDv2: guest?.id_v2 as string },
      body: { org_role: 'MEMBER' },
    });
    expect(res.status).toBe(200);
    expect(guest?.org_role).toBe('MEMBER');
    expect(
      (await call(sandbox(), 'UpdateOrgUser', { params: { userIDv2: 'nope' }, body: { org_role: 'BOSS' } }))
        .status,
    ).toBe(400);
  });

  it('DeleteOrgUser refuses a fellow admin and the caller itself (409); removes a user from every team', async () => {
    const admin = user('SUPER_ADMIN')?.id_v2 as string;
    expect((await call(sandbox(), 'DeleteOrgUser', { params: { userIDv2: admin } })).json.code).toBe(
      'CANNOT_DELETE_SELF',
    );
    const first = user('SUPER_ADMIN');
    if (!first) throw new Error('no seeded Super Admin');
    sandbox().state.users.push({
      ...first,
      id_v2: 'second-admin',
      email: 'a2@example.com',
    });
    const fellow = await call(sandbox(), 'DeleteOrgUser', { params: { userIDv2: 'second-admin' } });
    expect(fellow.status).toBe(409);
    expect(fellow.json.code).toBe('CANNOT_DELETE_FELLOW_ADMIN');
    const collaborator = user('LEGACY_COLLABORATOR')?.id_v2 as string;
    const payments = sandbox().state.rbac.teams.find((t) => t.team_name === 'Payments');
    const version = payments?.version as number;
    expect((await call(sandbox(), 'DeleteOrgUser', { params: { userIDv2: collaborator } })).status).toBe(200);
    expect(payments?.users.some((u) => u.user_id_v2 === collaborator)).toBe(false);
    expect(payments?.version).toBe(version + 1);
  });

  it('ListOrgRBACInvitations: invited_utc_timestamp in nanoseconds, role ids, search', async () => {
    const res = await call(sandbox(), 'ListOrgRBACInvitations', { query: 'search=contractor' });
    expect(res.json.response).toEqual([
      {
        name: 'Contractor',
        email: 'contractor@partner.example',
        role: expect.any(String),
        invited_utc_timestamp: 1_707_955_200_000_000_000,
      },
    ]);
  });
});

describe('sandbox RBAC: TEAM_DEFINED users see only their teams’ apps', () => {
  const sandbox = useSandbox({ findings: 60 });
  const token = () => userToken(sandbox(), 'TEAM_DEFINED');

  it('in the app listing and the app branches', async () => {
    const apps = await call(sandbox(), 'ListApps', { token: token() });
    expect(apps.json.response.map((a: { id: string }) => a.id)).toEqual(['payments-api', 'ledger-service']);
    const all = await call(sandbox(), 'ListApps', { token: userToken(sandbox(), 'MEMBER') });
    expect(all.json.response).toHaveLength(5);
    const branches = await call(sandbox(), 'ListAppsBranches', { token: token() });
    expect(branches.json.response.map((a: { id: string }) => a.id)).toEqual([
      'payments-api',
      'ledger-service',
    ]);
  });

  it('in the organization and compound findings; an app outside them is refused', async () => {
    const findings = await call(sandbox(), 'ListOrgFindings', {
      token: token(),
      query: 'per_page=250&status=any',
    });
    const apps = new Set((findings.json.response.findings ?? []).map((f: { app: string }) => f.app));
    expect([...apps].every((a) => a === 'payments-api' || a === 'ledger-service')).toBe(true);
    const res = await call(sandbox(), 'ListCompoundFindings', {
      token: token(),
      params: { compoundName: 'shop' },
      query: 'per_page=250',
    });
    const seen = new Set((res.json.response.findings ?? []).map((f: { app: string }) => f.app));
    expect([...seen].sort()).toEqual(['ledger-service', 'payments-api']);
    expect(
      (await call(sandbox(), 'ListAppFindings', { token: token(), params: { appID: 'web-frontend' } }))
        .status,
    ).toBe(403);
  });

  it('sees an app once it joins the team, and the findings cache does not leak across callers', async () => {
    const admin = await call(sandbox(), 'ListOrgFindings', { query: 'per_page=250&status=any' });
    const payments = sandbox().state.rbac.teams.find((t) => t.team_name === 'Payments')?.team_id;
    const web = sandbox().state.apps.find((a) => a.id === 'web-frontend');
    if (web) web.team_id = payments;
    const apps = await call(sandbox(), 'ListApps', { token: token() });
    expect(apps.json.response.map((a: { id: string }) => a.id)).toContain('web-frontend');
    const again = await call(sandbox(), 'ListOrgFindings', { query: 'per_page=250&status=any' });
    expect(again.json.response.findings?.length).toBe(admin.json.response.findings?.length);
  });

  it('org tokens are not limited', async () => {
    const apps = await call(sandbox(), 'ListApps', { token: orgToken(sandbox(), 'ci') });
    expect(apps.status).toBe(200);
  });
});
