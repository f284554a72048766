import { describe, expect, it } from 'vitest';
import { call, orgToken, userToken, useSandbox } from './harness.js';

const xml = '<?xml version="1.0"?><EntityDescriptor entityID="https://idp.example"/>';

describe('sandbox SAML configurations', () => {
  const sandbox = useSandbox();

  it('lists the seeded configuration with the service-provider URLs', async () => {
    const res = await call(sandbox(), 'ListOrgSAMLConfigs');
    expect(res.json.response).toEqual([
      expect.objectContaining({
        name: 'corp-sso',
        default_org_role: 'TEAM_DEFINED',
        allow_idp_initiated_logins: false,
        sp_metadata_url: `${sandbox().baseUrl}/saml/${sandbox().orgId}/corp-sso/metadata`,
        sp_login_url: expect.stringMatching(/\/login$/),
      }),
    ]);
  });

  it.each([
    [
      { name: 'bad name', idp_metadata: xml },
      'name: letters, digits, hyphen and underscore, 1 to 255 characters',
    ],
    [
      { name: 'x'.repeat(256), idp_metadata: xml },
      'name: letters, digits, hyphen and underscore, 1 to 255 characters',
    ],
    [{ name: 'a' }, 'give idp_metadata_url or idp_metadata (one of them)'],
    [
      { name: 'a', idp_metadata: xml, idp_metadata_url: 'https://x.example/m' },
      'give idp_metadata_url or idp_metadata (one of them)',
    ],
    [
      { name: 'a', idp_metadata: '{"not": "xml"}' },
      'idp_metadata: not SAML metadata XML (an EntityDescriptor)',
    ],
    [
      { name: 'a', idp_metadata: xml, default_org_role: 'OWNER' },
      'default_org_role: expected one of SUPER_ADMIN, POWER_USER, MEMBER, GUEST, TEAM_DEFINED',
    ],
  ])('CreateOrgSAMLConfig refuses %j', async (body, problem) => {
    const res = await call(sandbox(), 'CreateOrgSAMLConfig', { body });
    expect(res.status).toBe(400);
    expect(res.json.validation_errors).toContain(problem);
  });

  it('creates with defaults; a relay state comes with IdP-initiated logins; a taken name is 409', async () => {
    const res = await call(sandbox(), 'CreateOrgSAMLConfig', {
      body: { name: 'okta_2', idp_metadata: xml, allow_idp_initiated_logins: true },
    });
    expect(res.json.response).toMatchObject({
      name: 'okta_2',
      idp_metadata: xml,
      allow_implicit_invites: false,
      default_org_role: 'TEAM_DEFINED',
      sign_auth_requests: false,
      allow_idp_initiated_logins: true,
      idp_default_relay_state: expect.any(String),
    });
    expect(
      (await call(sandbox(), 'CreateOrgSAMLConfig', { body: { name: 'okta_2', idp_metadata: xml } })).status,
    ).toBe(409);
  });

  it('UpdateOrgSAMLConfig replaces every field, keeping the relay state while IdP logins stay on', async () => {
    const before = (await call(sandbox(), 'ListOrgSAMLConfigs')).json.response.find(
      (c: { name: string }) => c.name === 'okta_2',
    );
    const kept = await call(sandbox(), 'UpdateOrgSAMLConfig', {
      params: { SAMLConfigName: 'okta_2' },
      body: { idp_metadata_url: 'https://idp.example/m', allow_idp_initiated_logins: true },
    });
    expect(kept.json.response.idp_default_relay_state).toBe(before.idp_default_relay_state);
    expect(kept.json.response.idp_metadata).toBeUndefined();
    const off = await call(sandbox(), 'UpdateOrgSAMLConfig', {
      params: { SAMLConfigName: 'okta_2' },
      body: { idp_metadata_url: 'https://idp.example/m' },
    });
    expect(off.json.response.idp_default_relay_state).toBeUndefined();
    expect(
      (
        await call(sandbox(), 'UpdateOrgSAMLConfig', {
          params: { SAMLConfigName: 'nope' },
          body: { idp_metadata: xml },
        })
      ).status,
    ).toBe(404);
  });

  it('DeleteOrgSAMLConfig deletes; a second delete is 404', async () => {
    expect(
      (await call(sandbox(), 'DeleteOrgSAMLConfig', { params: { SAMLConfigName: 'okta_2' } })).status,
    ).toBe(200);
    expect(
      (await call(sandbox(), 'DeleteOrgSAMLConfig', { params: { SAMLConfigName: 'okta_2' } })).status,
    ).toBe(404);
  });
});

describe('sandbox SAML provisioning and token resets', () => {
  const sandbox = useSandbox();
  const domain = () => sandbox().state.saml.domains[0] as string;
  const payments = () => sandbox().state.rbac.teams.find((t) => t.team_name === 'Payments');

  it('creates and updates users with their team roles, and reports every rejection; deletes nobody', async () => {
    const users = sandbox().state.users.length;
    const member = sandbox().state.users.find((u) => u.org_role === 'MEMBER');
    const team = payments()?.team_id as string;
    const res = await call(sandbox(), 'ProvisionSAMLUsers', {
      body: [
        {
          name: 'New Person',
          email: `new@${domain()}`,
          organization_role: 'TEAM_DEFINED',
          team_membership: [{ team_id: team, role: 'TEAM_MEMBER' }],
        },
        {
          email: member?.email,
          organization_role: 'GUEST',
          team_membership: [{ team_id: team, role: 'OWNER' }],
        },
        { email: 'x@elsewhere.example', organization_role: 'MEMBER' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.response.users.map((u: { email: string }) => u.email)).toEqual([
      `new@${domain()}`,
      member?.email,
    ]);
    expect(res.json.response).toMatchObject({
      rejected_emails: ['x@elsewhere.example'],
      rejected_org_roles: [],
      rejected_team_roles: ['OWNER'],
    });
    expect(sandbox().state.users).toHaveLength(users + 1);
    expect(member?.org_role).toBe('GUEST');
    const created = sandbox().state.users.find((u) => u.email === `new@${domain()}`);
    expect(payments()?.users).toContainEqual({ user_id_v2: created?.id_v2, team_role: 'TEAM_MEMBER' });
    // Each user answered is in the current-user form ReadUser answers with, built in one place.
    const me = await call(sandbox(), 'ReadUser', { token: userToken(sandbox(), 'MEMBER') });
    expect(res.json.response.users[1]).toEqual(me.json.response);
  });

  it('rejects SUPER_ADMIN from a caller who is not a Super Admin; an unknown team is 400', async () => {
    // A Power User who may provision (its role given org_user:update for the test) still cannot make admins.
    sandbox()
      .state.rbac.roles.find((r) => r.name === 'Power User')
      ?.scopes.push('org_user:update');
    const res = await call(sandbox(), 'ProvisionSAMLUsers', {
      token: userToken(sandbox(), 'POWER_USER'),
      body: [{ email: `boss@${domain()}`, organization_role: 'SUPER_ADMIN' }],
    });
    expect(res.json.response).toMatchObject({ users: [], rejected_org_roles: ['SUPER_ADMIN'] });
    expect(
      (await call(sandbox(), 'ProvisionSAMLUsers', { token: orgToken(sandbox(), 'ci'), body: [] })).status,
    ).toBe(403);
    const bad = await call(sandbox(), 'ProvisionSAMLUsers', {
      body: [
        {
          email: `a@${domain()}`,
          organization_role: 'MEMBER',
          team_membership: [{ team_id: 'nope', role: 'TEAM_MEMBER' }],
        },
      ],
    });
    expect(bad.status).toBe(400);
  });

  it('resets a SAML user’s token (204); a user who is not SAML is 400, an unknown one 404', async () => {
    const created = sandbox().state.users.find((u) => u.email === `new@${domain()}`);
    const seeded = sandbox().state.users.find((u) => u.org_role === 'POWER_USER');
    expect(
      (await call(sandbox(), 'ResetSAMLUserAccessToken', { params: { userIDv2: created?.id_v2 as string } }))
        .status,
    ).toBe(204);
    const refused = await call(sandbox(), 'ResetSAMLUserAccessToken', {
      params: { userIDv2: seeded?.id_v2 as string },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('NOT_SAML_USER');
    expect(
      (
        await call(sandbox(), 'ResetSAMLUserAccessToken', {
          params: { userIDv2: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
  });

  it('the bulk reset reports reset, not found and not SAML', async () => {
    const created = sandbox().state.users.find((u) => u.email === `new@${domain()}`)?.id_v2 as string;
    const seeded = sandbox().state.users.find((u) => u.org_role === 'POWER_USER')?.id_v2 as string;
    const ghost = '00000000-0000-4000-8000-000000000000';
    const res = await call(sandbox(), 'BulkResetSAMLUserAccessTokens', {
      body: { user_ids: [created, seeded, ghost] },
    });
    expect(res.json.response).toEqual({ reset: [created], not_found: [ghost], not_saml: [seeded] });
  });

  it('without any SAML configuration, provisioning and resets are refused', async () => {
    sandbox().state.saml.configs = [];
    const res = await call(sandbox(), 'ProvisionSAMLUsers', {
      body: [{ email: `z@${domain()}`, organization_role: 'MEMBER' }],
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('SAML_NOT_ENABLED');
  });
});
