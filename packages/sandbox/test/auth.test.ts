import { describe, expect, it } from 'vitest';
import { fillPath } from '@secscan/api/operation';
import { operations } from '@secscan/api/operations';
import type { HandlerMap } from '../src/http.js';
import { signToken } from '../src/jwt.js';
import { handlers } from '../src/routes/index.js';
import { call, orgToken, request, userToken, useSandbox } from './harness.js';

describe('sandbox authentication', () => {
  const sandbox = useSandbox();

  it.each([
    ['no Authorization header', null],
    ['a malformed token', 'not-a-jwt'],
  ])('refuses %s with 401 UNAUTHORIZED', async (_name, token) => {
    const res = await call(sandbox(), 'ListMyOrgScopes', { token });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ ok: false, code: 'UNAUTHORIZED', validation_errors: [] });
    expect(res.json.message).toEqual(expect.any(String));
  });

  it('refuses a token whose signature was tampered with', async () => {
    const [h, c, s] = sandbox().token.split('.') as [string, string, string];
    const tampered = `${h}.${c}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await call(sandbox(), 'ListMyOrgScopes', { token: tampered });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('invalid token signature');
  });

  it('refuses a well-signed token with claims changed: a JWT is not trusted for its payload', async () => {
    const [h, , s] = sandbox().token.split('.') as [string, string, string];
    const claims = Buffer.from(JSON.stringify({ orgID: sandbox().orgId, jti: 'x', iat: 1 })).toString(
      'base64url',
    );
    const res = await call(sandbox(), 'ListMyOrgScopes', { token: `${h}.${claims}.${s}` });
    expect(res.status).toBe(401);
  });

  it('refuses a correctly signed token that the sandbox never issued', async () => {
    const token = signToken(sandbox().state.secret, { orgID: sandbox().orgId, jti: 'unknown-id', iat: 1 });
    const res = await call(sandbox(), 'ListMyOrgScopes', { token });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('unknown or revoked token');
  });

  it('refuses the expired seeded token', async () => {
    const res = await call(sandbox(), 'ListMyOrgScopes', { token: orgToken(sandbox(), 'expired') });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('token expired');
  });

  it('refuses a deleted token', async () => {
    const created = await call(sandbox(), 'CreateToken', {
      body: { label: 'short-lived', role_id: sandbox().accounts.roles.ci },
    });
    expect(created.status).toBe(200);
    const { id, value } = created.json.response;
    expect((await call(sandbox(), 'ListMyOrgScopes', { token: value })).status).toBe(200);
    expect((await call(sandbox(), 'DeleteToken', { params: { tokenID: id } })).status).toBe(200);
    expect((await call(sandbox(), 'ListMyOrgScopes', { token: value })).status).toBe(401);
  });

  it('answers 403 for another organization in the path', async () => {
    const res = await call(sandbox(), 'ListTokens', {
      params: { orgID: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });

  it('answers 403 with the missing scope for a Guest listing tokens', async () => {
    const res = await call(sandbox(), 'ListTokens', { token: userToken(sandbox(), 'GUEST') });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: 'missing scope tokens:list',
      validation_errors: [],
    });
  });

  it('lets a Collaborator create tokens but not list them', async () => {
    const token = userToken(sandbox(), 'LEGACY_COLLABORATOR');
    expect((await call(sandbox(), 'ListTokens', { token })).status).toBe(403);
    const created = await call(sandbox(), 'CreateToken', {
      token,
      body: { label: 'collab ci', role_id: sandbox().accounts.roles.ci },
    });
    expect(created.status).toBe(200);
  });

  it('lets Super Admin pass scope checks its listed scopes lack (roles:update, scopes:list)', async () => {
    expect(sandbox().state.rbac.roles.find((r) => r.name === 'Super Admin')?.scopes).not.toContain(
      'scopes:list',
    );
    expect((await call(sandbox(), 'ListAvailableRBACScopes')).status).toBe(200);
  });

  it('refuses an org token without the scope (the Jira token cannot list tokens)', async () => {
    const res = await call(sandbox(), 'ListTokens', { token: orgToken(sandbox(), 'jira') });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('missing scope tokens:list');
  });

  it('answers 404 NOT_FOUND for a path outside the table, and 405 for a wrong method', async () => {
    const res = await request(sandbox(), 'GET', `/orgs/${sandbox().orgId}/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const tokens = fillPath(operations.ListTokens.path, { orgID: sandbox().orgId });
    expect((await request(sandbox(), 'PATCH', tokens)).status).toBe(405);
    const outside = await fetch(`${sandbox().baseUrl}/orgs/${sandbox().orgId}/tokens`);
    expect(outside.status).toBe(404);
  });
});

describe('sandbox operations without a handler', () => {
  const { ListTokens: _omitted, ...rest } = handlers as HandlerMap;
  const sandbox = useSandbox({ handlers: rest });

  it('answer 501 NOT_IMPLEMENTED with a generic message', async () => {
    const res = await call(sandbox(), 'ListTokens');
    expect(res.status).toBe(501);
    expect(res.json).toMatchObject({
      ok: false,
      code: 'NOT_IMPLEMENTED',
      message: 'Not Implemented',
    });
  });
});
