import { describe, expect, it } from 'vitest';
import { scopeHeld } from '../src/permissions.js';
import { expandScopes } from '../src/roles.js';
import { call, orgToken, userToken, useSandbox } from './harness.js';

describe('scope notation', () => {
  it('expands braces and the notif, cold and training shorthands', () => {
    expect(expandScopes('a:{x,y}, cold, b:*, training, notif')).toEqual([
      'a:x',
      'a:y',
      'cold_start_subscription:read',
      'cold_start_subscription:update',
      'b:*',
      'training:login',
      'training:read',
      'org_user_notification:create',
      'org_user_notification:delete',
      'org_user_notification:read',
      'org_user_notification:update',
    ]);
  });

  it('matches resource:* against any action of that resource only', () => {
    expect(scopeHeld(['findings:*'], 'findings:read')).toBe(true);
    expect(scopeHeld(['findings:*'], 'finding_status:update')).toBe(false);
    expect(scopeHeld(['findings:list'], 'findings:read')).toBe(false);
  });
});

describe('sandbox scope routes and ReadUser', () => {
  const sandbox = useSandbox();
  const team = (name: string) =>
    sandbox().state.rbac.teams.find((t) => t.team_name === name)?.team_id as string;
  const superAdminScopes = () => sandbox().state.rbac.roles.find((r) => r.name === 'Super Admin')?.scopes;

  it("ListMyOrgScopes returns the Super Admin's listed scopes, sorted", async () => {
    const res = await call(sandbox(), 'ListMyOrgScopes');
    expect(res.json.response).toEqual([...(superAdminScopes() ?? [])].sort());
  });

  it('ListMyOrgScopes returns an org token role scopes', async () => {
    const res = await call(sandbox(), 'ListMyOrgScopes', { token: orgToken(sandbox(), 'serviceAccount') });
    expect(res.json.response).toEqual(['roles:list', 'tokens:create', 'tokens:list']);
  });

  it('ListMyAppScopes adds the team role: a Member who is TEAM_ADMIN of the app’s team', async () => {
    const token = userToken(sandbox(), 'MEMBER');
    const own = await call(sandbox(), 'ListMyAppScopes', { token, params: { appID: 'web-frontend' } });
    expect(own.json.response).toContain('project:update');
    const other = await call(sandbox(), 'ListMyAppScopes', { token, params: { appID: 'payments-api' } });
    expect(other.json.response).not.toContain('project:update');
  });

  it('gives a TEAM_DEFINED user nothing on apps outside their teams', async () => {
    const token = userToken(sandbox(), 'TEAM_DEFINED');
    const own = await call(sandbox(), 'ListMyAppScopes', { token, params: { appID: 'payments-api' } });
    expect(own.json.response).toContain('findings:list');
    const other = await call(sandbox(), 'ListMyAppScopes', { token, params: { appID: 'web-frontend' } });
    expect(other.json.response).toEqual([]);
  });

  it('ListMyTeamScopes: TEAM_MANAGER adds teams:update, a custom team role adds its scopes', async () => {
    const manager = await call(sandbox(), 'ListMyTeamScopes', {
      token: userToken(sandbox(), 'LEGACY_COLLABORATOR'),
      params: { rbacTeamID: team('Payments') },
    });
    expect(manager.json.response).toEqual(expect.arrayContaining(['teams:update', 'project:delete']));
    const custom = await call(sandbox(), 'ListMyTeamScopes', {
      token: userToken(sandbox(), 'POWER_USER'),
      params: { rbacTeamID: team('Web') },
    });
    expect(custom.json.response).toContain('finding_status:update');
    const outsider = await call(sandbox(), 'ListMyTeamScopes', {
      token: userToken(sandbox(), 'POWER_USER'),
      params: { rbacTeamID: team('Payments') },
    });
    expect(outsider.json.response).not.toContain('finding_status:update');
  });

  it('answers 404 for an unknown app or team', async () => {
    expect((await call(sandbox(), 'ListMyAppScopes', { params: { appID: 'no-such-app' } })).status).toBe(404);
    const team404 = await call(sandbox(), 'ListMyTeamScopes', {
      params: { rbacTeamID: '00000000-0000-4000-8000-000000000000' },
    });
    expect(team404.status).toBe(404);
  });

  it('decodes path segments: an encoded app id reaches the handler whole', async () => {
    const res = await call(sandbox(), 'ListMyAppScopes', { params: { appID: 'a/../b' } });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('no app has the id a/../b');
  });

  it('ReadUser returns the token’s user in current-user form', async () => {
    const res = await call(sandbox(), 'ReadUser', { token: userToken(sandbox(), 'GUEST') });
    const guest = sandbox().state.users.find((u) => u.org_role === 'GUEST');
    expect(res.json.response).toMatchObject({
      idv2: guest?.id_v2,
      email: guest?.email,
      emailVerified: true,
      membership: [{ organization: sandbox().orgId, organizationName: sandbox().state.org.name }],
      invites: [],
    });
  });

  it('ReadUser returns the creator of an org token', async () => {
    const res = await call(sandbox(), 'ReadUser', { token: orgToken(sandbox(), 'ci') });
    expect(res.json.response.email).toBe(sandbox().accounts.users[0]?.email);
  });
});
