import { describe, expect, it } from 'vitest';
import { call, userToken, useSandbox } from './harness.js';

describe('sandbox RBAC role routes', () => {
  const sandbox = useSandbox();
  const byName = (name: string) => sandbox().state.rbac.roles.find((r) => r.name === name);

  it('ListOrgRBACRoles lists the six built-in roles and the custom ones', async () => {
    const res = await call(sandbox(), 'ListOrgRBACRoles');
    expect(res.status).toBe(200);
    const roles = res.json.response as {
      id: string;
      name: string;
      role_type: string;
      id_aliases?: string[];
      scopes: string[];
    }[];
    expect(roles.filter((r) => r.role_type === 'vendor').map((r) => r.name)).toEqual([
      'Member',
      'Collaborator',
      'Super Admin',
      'Guest',
      'Power User',
      'Team Defined',
    ]);
    expect(roles.filter((r) => r.role_type !== 'vendor').map((r) => r.role_type)).toEqual([
      'team',
      'organization',
    ]);
    const teamDefined = roles.find((r) => r.name === 'Team Defined');
    expect(teamDefined?.id_aliases).toEqual(['TEAM_DEFINED']);
    expect(teamDefined?.scopes).toEqual([
      'apps:list',
      'findings:list',
      'org:read',
      'reports:read',
      'roles:list',
      'subscriptions:read',
    ]);
    const member = roles.find((r) => r.name === 'Member');
    expect(member?.id_aliases).toEqual(['MEMBER', 'TEAM_MEMBER']);
    expect(member?.scopes).toEqual([
      'apps:list',
      'cold_start_subscription:read',
      'cold_start_subscription:update',
      'findings:list',
      'training:login',
      'training:read',
      'org:read',
      'org_inspect_configuration:validate',
      'org_user_notification:create',
      'org_user_notification:delete',
      'org_user_notification:read',
      'org_user_notification:update',
      'roles:list',
      'subscriptions:read',
    ]);
    for (const role of roles)
      expect(role.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('ListAvailableRBACScopes returns the Super Admin scopes', async () => {
    const res = await call(sandbox(), 'ListAvailableRBACScopes');
    expect(res.json.response).toEqual(byName('Super Admin')?.scopes);
    expect(res.json.response).toContain('auth_provider:*');
    expect(res.json.response).toContain('webhook:write');
    expect(res.json.response).toHaveLength(53);
  });

  it('CreateCustomRBACRole answers 201 with the new role, which is listed afterwards', async () => {
    const res = await call(sandbox(), 'CreateCustomRBACRole', {
      body: {
        name: 'Triage',
        description: 'reads findings',
        scopes: ['findings:list', 'findings:*'],
        role_type: 'team',
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.ok).toBe(true);
    expect(res.json.response).toMatchObject({
      name: 'Triage',
      description: 'reads findings',
      scopes: ['findings:list', 'findings:*'],
      role_type: 'team',
      resource_type: 'organization',
      organization_id: sandbox().orgId,
    });
    const listed = await call(sandbox(), 'ListOrgRBACRoles');
    expect(listed.json.response.map((r: { id: string }) => r.id)).toContain(res.json.response.id);
  });

  it('refuses role_type vendor and malformed scopes with 400 validation errors', async () => {
    const vendor = await call(sandbox(), 'CreateCustomRBACRole', {
      body: { name: 'Fake vendor', scopes: ['apps:list'], role_type: 'vendor' },
    });
    expect(vendor.status).toBe(400);
    expect(vendor.json).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(vendor.json.validation_errors[0]).toMatch(/^role_type: /);
    const scope = await call(sandbox(), 'CreateCustomRBACRole', {
      body: { name: 'Bad', scopes: ['apps list', 'x:*:y'] },
    });
    expect(scope.status).toBe(400);
    expect(scope.json.validation_errors).toEqual([
      'scopes.0: a scope is <resource>:<action> or <resource>:*',
      'scopes.1: a scope is <resource>:<action> or <resource>:*',
    ]);
  });

  it('answers 409 without ok for a duplicate name, whatever its case', async () => {
    const res = await call(sandbox(), 'CreateCustomRBACRole', {
      body: { name: 'super ADMIN', scopes: ['apps:list'] },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      status: 409,
      code: 'CUSTOM_ROLE_CREATION_CONFLICT',
      message: 'a role named "Super Admin" exists',
    });
  });

  it('UpdateRBACRole changes a custom role, and answers 404 without ok for an unknown id', async () => {
    const auditor = byName('Security Auditor');
    const res = await call(sandbox(), 'UpdateRBACRole', {
      params: { rbacRoleID: auditor?.id as string },
      body: { description: 'updated', scopes: ['apps:list'] },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(byName('Security Auditor')).toMatchObject({ description: 'updated', scopes: ['apps:list'] });
    const missing = await call(sandbox(), 'UpdateRBACRole', {
      params: { rbacRoleID: '00000000-0000-4000-8000-000000000000' },
      body: { scopes: [] },
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'no role has the id 00000000-0000-4000-8000-000000000000',
    });
  });

  it('refuses to update or delete a built-in role with 400', async () => {
    const member = byName('Member')?.id as string;
    const update = await call(sandbox(), 'UpdateRBACRole', {
      params: { rbacRoleID: member },
      body: { scopes: [] },
    });
    expect(update.status).toBe(400);
    expect(update.json.message).toBe('the built-in role Member cannot be updated');
    const remove = await call(sandbox(), 'DeleteCustomRBACRole', { params: { rbacRoleID: member } });
    expect(remove.status).toBe(400);
    expect(remove.json.message).toBe('the built-in role Member cannot be deleted');
    expect(byName('Member')?.scopes).toContain('apps:list');
  });

  it('DeleteCustomRBACRole removes a custom role, then answers 404 without ok', async () => {
    const created = await call(sandbox(), 'CreateCustomRBACRole', {
      body: { name: 'Temp', scopes: ['apps:list'] },
    });
    const rbacRoleID = created.json.response.id as string;
    expect((await call(sandbox(), 'DeleteCustomRBACRole', { params: { rbacRoleID } })).json).toEqual({
      ok: true,
    });
    const again = await call(sandbox(), 'DeleteCustomRBACRole', { params: { rbacRoleID } });
    expect(again.status).toBe(404);
    expect(again.json).not.toHaveProperty('ok');
    expect(again.json).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('lets a Member list roles but not create one', async () => {
    const token = userToken(sandbox(), 'MEMBER');
    expect((await call(sandbox(), 'ListOrgRBACRoles', { token })).status).toBe(200);
    const res = await call(sandbox(), 'CreateCustomRBACRole', {
      token,
      body: { name: 'Nope', scopes: ['apps:list'] },
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('missing scope roles:create');
  });
});
