import { describe, expect, it } from 'vitest';
import { call, userToken, useSandbox } from './harness.js';

const sandbox = useSandbox();

describe('sandbox: organization configuration', () => {
  it('reads the seeded configuration with the analysis part and the session default', async () => {
    const res = await call(sandbox(), 'ReadOrgConfig');
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      allowed_non_admin_auth_providers: ['github', 'username-password'],
      security_training_provider: 'secure-code-warrior',
      analysis_configuration: { secrets: { entropy: 3.5, disable: false } },
      autofix_configuration: { enable: true, manual: true, max_fixes_per_run: 10 },
      session_timeout_hours: 168,
    });
  });

  it('PATCH merges, PUT overwrites every option; AutoFix *_disable is stored as false', async () => {
    const before = (await call(sandbox(), 'ReadOrgConfig')).json.response;
    const patch = await call(sandbox(), 'PatchOrgConfig', {
      body: { session_timeout_hours: 24, autofix_configuration: { auto_run: true, manual_disable: true } },
    });
    expect(patch.json).toEqual({ ok: true });
    const patched = (await call(sandbox(), 'ReadOrgConfig')).json.response;
    expect(patched).toEqual({
      ...before,
      session_timeout_hours: 24,
      autofix_configuration: { ...before.autofix_configuration, auto_run: true, manual: false },
    });
    expect((await call(sandbox(), 'UpdateOrgConfig', { body: before })).status).toBe(200);
    expect((await call(sandbox(), 'ReadOrgConfig')).json.response).toEqual(before);
    await call(sandbox(), 'UpdateOrgConfig', { body: { sso_name: 'only' } });
    expect((await call(sandbox(), 'ReadOrgConfig')).json.response).toEqual({
      sso_name: 'only',
      session_timeout_hours: 168,
    });
    expect((await call(sandbox(), 'ReadOrgAutoFixConfig')).json.response).toEqual({
      autofix_configuration: {},
    });
    await call(sandbox(), 'UpdateOrgConfig', { body: before });
  });

  it('refuses unknown keys and values outside the enumerations (400)', async () => {
    const res = await call(sandbox(), 'PatchOrgConfig', { body: { security_training_provider: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_ERROR');
    expect((await call(sandbox(), 'PatchOrgConfig', { body: { colour: 'red' } })).status).toBe(400);
  });

  it('updates the analysis part alone, and creates it when there is none', async () => {
    const before = (await call(sandbox(), 'ReadOrgConfig')).json.response;
    await call(sandbox(), 'UpdateOrgAnalysisConfig', { body: { secrets: { entropy: 4 } } });
    const after = (await call(sandbox(), 'ReadOrgConfig')).json.response;
    expect(after).toEqual({ ...before, analysis_configuration: { secrets: { entropy: 4, disable: false } } });
    await call(sandbox(), 'UpdateOrgConfig', { body: { ...before, analysis_configuration: undefined } });
    const missing = await call(sandbox(), 'UpdateOrgAnalysisConfig', { body: { secrets: { entropy: 4 } } });
    expect(missing.status).toBe(404);
    await call(sandbox(), 'CreateOrgAnalysisConfig', { body: { secrets: { disable: true } } });
    expect((await call(sandbox(), 'ReadOrgConfig')).json.response.analysis_configuration).toEqual({
      secrets: { disable: true },
    });
    await call(sandbox(), 'UpdateOrgConfig', { body: before });
  });

  it('needs org_configuration scopes: a Member may not read it', async () => {
    const res = await call(sandbox(), 'ReadOrgConfig', { token: userToken(sandbox(), 'MEMBER') });
    expect(res.status).toBe(403);
  });
});

describe('sandbox: team configuration', () => {
  async function teamIds(): Promise<string[]> {
    const apps = (await call(sandbox(), 'ListApps')).json.response as { id: string; team_id?: string }[];
    return [
      apps.find((a) => a.id === 'payments-api')?.team_id as string,
      apps.find((a) => a.id === 'web-frontend')?.team_id as string,
    ];
  }

  it('reads a team’s own and merged configuration (organization, then team)', async () => {
    const [payments] = await teamIds();
    const own = await call(sandbox(), 'ReadTeamConfig', { params: { rbacTeamID: payments as string } });
    expect(own.json.response).toEqual({ analysis_configuration: { secrets: { entropy: 4.2 } } });
    const merged = await call(sandbox(), 'ReadMergedTeamConfig', {
      params: { rbacTeamID: payments as string },
    });
    expect(merged.json.response).toEqual({
      analysis_configuration: { secrets: { entropy: 4.2, disable: false } },
    });
  });

  it('PATCH merges and PUT overwrites; both answer the team’s configuration', async () => {
    const [, web] = await teamIds();
    const params = { rbacTeamID: web as string };
    expect((await call(sandbox(), 'ReadTeamConfig', { params })).json.response).toEqual({
      analysis_configuration: {},
    });
    const patched = await call(sandbox(), 'PatchTeamConfig', {
      params,
      body: { analysis_configuration: { secrets: { disable: true } } },
    });
    expect(patched.json.response).toEqual({ analysis_configuration: { secrets: { disable: true } } });
    await call(sandbox(), 'PatchTeamConfig', {
      params,
      body: { analysis_configuration: { secrets: { entropy: 5 } } },
    });
    const put = await call(sandbox(), 'UpdateTeamConfig', {
      params,
      body: { analysis_configuration: { secrets: { entropy: 2 } } },
    });
    expect(put.json.response).toEqual({ analysis_configuration: { secrets: { entropy: 2 } } });
    const merged = await call(sandbox(), 'ReadMergedAppConfig', { params: { appID: 'web-frontend' } });
    expect(merged.json.response.analysis_configuration.secrets.entropy).toBe(2);
    await call(sandbox(), 'UpdateTeamConfig', { params, body: {} });
  });

  it('answers 404 for an unknown team', async () => {
    const res = await call(sandbox(), 'ReadTeamConfig', {
      params: { rbacTeamID: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.status).toBe(404);
  });
});
