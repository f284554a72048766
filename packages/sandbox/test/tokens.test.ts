import { describe, expect, it } from 'vitest';
import { call, orgToken, userToken, useSandbox } from './harness.js';

describe('sandbox token routes', () => {
  const sandbox = useSandbox();
  const roles = () => sandbox().accounts.roles;

  it('ListRoles lists the managed roles in short form', async () => {
    const res = await call(sandbox(), 'ListRoles');
    expect(res.status).toBe(200);
    expect(res.json.ok).toBe(true);
    const labels = res.json.response.map((r: { label: string }) => r.label);
    expect(labels).toEqual(['CI token', 'Jira plugin', 'Service Account']);
    for (const role of res.json.response) {
      expect(Object.keys(role).sort()).toEqual(['description', 'id', 'label', 'role_type']);
      expect(role.role_type).toBe('managed');
    }
    expect(res.json.response[0].id).toBe(roles().ci);
  });

  it('ListTokens hides expired tokens and user tokens, and never shows a value', async () => {
    const res = await call(sandbox(), 'ListTokens');
    expect(res.status).toBe(200);
    const labels = res.json.response.map((t: { label: string }) => t.label);
    expect(labels).toEqual(['CI pipeline', 'Jira plugin', 'Provisioning service account']);
    expect(JSON.stringify(res.json)).not.toContain('"value"');
    expect(JSON.stringify(res.json)).not.toContain(orgToken(sandbox(), 'ci'));
  });

  it('ListTokens filters by show_expired and token_type', async () => {
    const expired = await call(sandbox(), 'ListTokens', { query: 'show_expired=true&token_type=access' });
    expect(expired.json.response.map((t: { label: string }) => t.label)).toEqual([
      'CI pipeline',
      'Old CI pipeline',
    ]);
    expect(expired.json.response[1].expires_at).toMatch(/^2024-/);
    const integration = await call(sandbox(), 'ListTokens', { query: 'token_type=integration' });
    expect(
      integration.json.response.every((t: { token_type: string }) => t.token_type === 'integration'),
    ).toBe(true);
    const bad = await call(sandbox(), 'ListTokens', { query: 'token_type=other' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('VALIDATION_ERROR');
  });

  it('CreateToken answers the value once; the token works at once with its role scopes', async () => {
    const res = await call(sandbox(), 'CreateToken', {
      body: { label: 'GitHub Actions', description: 'deploys', role_id: roles().ci, valid_for_seconds: 3600 },
    });
    expect(res.status).toBe(200);
    const created = res.json.response;
    expect(created).toMatchObject({ label: 'GitHub Actions', token_type: 'access', role_id: roles().ci });
    expect(created.value.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(created.value.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ orgID: sandbox().orgId, jti: created.id });
    expect(claims.exp - claims.iat).toBe(3600);
    const scopes = await call(sandbox(), 'ListMyOrgScopes', { token: created.value });
    expect(scopes.json.response).toContain('uploads:write');
    expect((await call(sandbox(), 'ListTokens', { token: created.value })).status).toBe(403);
    const listed = await call(sandbox(), 'ListTokens');
    const entry = listed.json.response.find((t: { id: string }) => t.id === created.id);
    expect(entry).toBeDefined();
    expect(entry.value).toBeUndefined();
  });

  it('CreateToken accepts a custom organization role for an integration token', async () => {
    const auditor = sandbox().state.rbac.roles.find((r) => r.name === 'Security Auditor');
    const res = await call(sandbox(), 'CreateToken', {
      body: { label: 'auditor', role_id: auditor?.id, token_type: 'integration' },
    });
    expect(res.status).toBe(200);
    const scopes = await call(sandbox(), 'ListMyOrgScopes', { token: res.json.response.value });
    expect(scopes.json.response).toContain('findings:*');
  });

  it('CreateToken refuses an access token with another role than CI, and an unknown role', async () => {
    const access = await call(sandbox(), 'CreateToken', {
      body: { label: 'x', role_id: roles().jira, token_type: 'access' },
    });
    expect(access.status).toBe(400);
    expect(access.json.validation_errors).toEqual(['token_type: access tokens need the CI token role']);
    const unknown = await call(sandbox(), 'CreateToken', { body: { label: 'x', role_id: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.validation_errors[0]).toMatch(/^role_id: /);
  });

  it('CreateToken validates the body: required fields, unknown keys, malformed JSON', async () => {
    const missing = await call(sandbox(), 'CreateToken', { body: { description: 'no label' } });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: 'invalid request body',
    });
    expect(missing.json.validation_errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^label: /), expect.stringMatching(/^role_id: /)]),
    );
    const extra = await call(sandbox(), 'CreateToken', {
      body: { label: 'x', role_id: roles().ci, admin: true },
    });
    expect(extra.status).toBe(400);
    const malformed = await call(sandbox(), 'CreateToken', { rawBody: '{"label": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('malformed JSON body');
  });

  it('DeleteToken removes a token and answers 404 for an unknown id', async () => {
    const created = await call(sandbox(), 'CreateToken', { body: { label: 'temp', role_id: roles().ci } });
    const { id } = created.json.response;
    const deleted = await call(sandbox(), 'DeleteToken', { params: { tokenID: id } });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    const again = await call(sandbox(), 'DeleteToken', { params: { tokenID: id } });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});

describe('the service-account rule', () => {
  const sandbox = useSandbox();
  const refusal = 'a service account token can only create access tokens with the CI token role';

  it('lets a service account create a CI access token', async () => {
    const res = await call(sandbox(), 'CreateToken', {
      token: orgToken(sandbox(), 'serviceAccount'),
      body: { label: 'pipeline', role_id: sandbox().accounts.roles.ci, token_type: 'access' },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.token_type).toBe('access');
  });

  it.each([
    ['an integration token', { token_type: 'integration', role: 'ci' }],
    ['a Jira token', { token_type: 'integration', role: 'jira' }],
    ['another service account', { role: 'serviceAccount' }],
    ['an access token with another role than CI', { token_type: 'access', role: 'jira' }],
  ] as const)('refuses %s with 403', async (_name, { role, ...rest }) => {
    const res = await call(sandbox(), 'CreateToken', {
      token: orgToken(sandbox(), 'serviceAccount'),
      body: { label: 'x', role_id: sandbox().accounts.roles[role], ...rest },
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ ok: false, code: 'FORBIDDEN', message: refusal, validation_errors: [] });
  });

  it('does not restrict a Super Admin user', async () => {
    const res = await call(sandbox(), 'CreateToken', {
      token: userToken(sandbox(), 'SUPER_ADMIN'),
      body: { label: 'sa', role_id: sandbox().accounts.roles.serviceAccount },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.token_type).toBe('integration');
  });
});
