import { describe, expect, it } from 'vitest';
import { call, orgToken, useSandbox } from './harness.js';

const sandbox = useSandbox();

/** Starts an authorization and follows it the way a browser would: the consent page, then Approve. */
async function approve(
  op: 'AuthorizeSlack' | 'AzureAuthorization',
): Promise<{ location: string; page: string }> {
  const op302 = await fetch(
    `${sandbox().baseUrl}/api/v4${op === 'AuthorizeSlack' ? '/slack/authorize' : '/azureboard/authorization'}/orgs/${sandbox().orgId}`,
    { headers: { authorization: `Bearer ${sandbox().token}` }, redirect: 'manual' },
  );
  expect(op302.status).toBe(302);
  const location = op302.headers.get('location') as string;
  const page = await (await fetch(location)).text();
  const approved = await fetch(location, { method: 'POST' });
  expect(approved.status).toBe(200);
  return { location, page };
}

describe('sandbox: the chat service', () => {
  it('redirects the authorization to a stand-in page on the sandbox, which records the approval once', async () => {
    expect((await call(sandbox(), 'DeleteSlackConfiguration')).status).toBe(404);
    const { location, page } = await approve('AuthorizeSlack');
    expect(location).toMatch(new RegExp(`^${sandbox().baseUrl}/sandbox/consent/chat\\?state=[0-9a-f]{32}$`));
    expect(page).toContain('stands in for Slack’s authorization prompt');
    expect(page).toContain('nothing leaves this machine');
    const again = await fetch(location, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('unknown or was already used');
    expect((await call(sandbox(), 'DeleteSlackConfiguration')).json).toEqual({ ok: true });
    expect((await call(sandbox(), 'DeleteSlackConfiguration')).status).toBe(404);
  });

  it('still needs a token to start', async () => {
    expect((await call(sandbox(), 'AuthorizeSlack', { token: null })).status).toBe(401);
  });
});

/** Starts an authorization and answers the stand-in consent page, following nothing: the callback's address. */
async function consentAnswer(op: 'AuthorizeSlack' | 'AzureAuthorization', decision?: 'deny'): Promise<URL> {
  const start = await fetch(
    `${sandbox().baseUrl}/api/v4${op === 'AuthorizeSlack' ? '/slack/authorize' : '/azureboard/authorization'}/orgs/${sandbox().orgId}`,
    { headers: { authorization: `Bearer ${sandbox().token}` }, redirect: 'manual' },
  );
  const consent = start.headers.get('location') as string;
  const answered = await fetch(`${consent}${decision ? `&decision=${decision}` : ''}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(answered.status).toBe(303);
  return new URL(answered.headers.get('location') as string);
}

/** A browser's GET of the callback: no token, no redirect followed. */
const visit = (url: URL | string) => fetch(url, { redirect: 'manual' });
const settings = (query: string) => `${sandbox().baseUrl}/sandbox/organization/settings?${query}`;

describe('sandbox: the OAuth callbacks, as the service serves them', () => {
  it('SlackCallback takes the browser back from the consent, without a token, records the chat service once', async () => {
    const callback = await consentAnswer('AuthorizeSlack');
    expect(`${callback.origin}${callback.pathname}`).toBe(
      `${sandbox().baseUrl}/api/v4/slack/orgs/${sandbox().orgId}`,
    );
    expect([...callback.searchParams.keys()]).toEqual(['code', 'state']);
    const done = await visit(callback);
    expect([done.status, done.headers.get('location')]).toEqual([302, settings('success=true')]);
    expect(await (await fetch(settings('success=true'))).text()).toContain('is connected to');
    // The same code again: the authorization is complete, the state unknown.
    const replay = await visit(callback);
    expect([replay.status, ((await replay.json()) as { code: string }).code]).toEqual([400, 'BAD_REQUEST']);
    expect((await call(sandbox(), 'DeleteSlackConfiguration')).json).toEqual({ ok: true });
  });

  it('SlackCallback refuses a wrong code or state (400), and records a refusal as the vendor reports it', async () => {
    const callback = await consentAnswer('AuthorizeSlack');
    const wrong = new URL(callback);
    wrong.searchParams.set('code', 'f'.repeat(32));
    expect((await visit(wrong)).status).toBe(400);
    const noState = new URL(callback);
    noState.searchParams.delete('state');
    expect((await visit(noState)).status).toBe(400);
    const denied = await consentAnswer('AuthorizeSlack', 'deny');
    expect([...denied.searchParams.keys()]).toEqual(['error', 'state']);
    const refused = await visit(denied);
    expect([refused.status, refused.headers.get('location')]).toEqual([302, settings('error=access_denied')]);
    expect((await call(sandbox(), 'DeleteSlackConfiguration')).status).toBe(404);
    // The approved one still completes.
    expect((await visit(callback)).headers.get('location')).toBe(settings('success=true'));
    expect((await call(sandbox(), 'DeleteSlackConfiguration')).status).toBe(200);
  });

  it('AzureCallback completes the board authorization; its errors redirect too, as its document says', async () => {
    const callback = await consentAnswer('AzureAuthorization');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${sandbox().baseUrl}/api/v4/azureboard/callback`);
    const bad = new URL(callback);
    bad.searchParams.set('state', 'nope');
    const refused = await visit(bad);
    expect([refused.status, refused.headers.get('location')]).toEqual([302, settings('error=invalid_state')]);
    expect((await call(sandbox(), 'GetAzureAuthorizationStatus')).status).toBe(404);
    const done = await visit(callback);
    expect([done.status, done.headers.get('location')]).toEqual([302, settings('success=true')]);
    expect((await call(sandbox(), 'GetAzureAuthorizationStatus')).json.response).toMatchObject({
      authorized: true,
    });
    delete sandbox().state.integrations.board;
  });
});

describe('sandbox: the work board', () => {
  it('answers 404 for the status and 400 for organizations before the authorization', async () => {
    expect((await call(sandbox(), 'GetAzureAuthorizationStatus')).status).toBe(404);
    const orgs = await call(sandbox(), 'GetAzureOrgList');
    expect(orgs.status).toBe(400);
    expect(orgs.json.code).toBe('NOT_AUTHORIZED');
    const link = await call(sandbox(), 'PutAzureboardAssociation', {
      params: { appID: 'payments-api' },
      body: { azure_org_name: 'sandbox-devops', azure_project_name: 'Payments' },
    });
    expect(link.status).toBe(400);
  });

  it('after approval: status, organizations, link, show, submit, work items and unlink', async () => {
    await approve('AzureAuthorization');
    const status = await call(sandbox(), 'GetAzureAuthorizationStatus');
    expect(status.json.response).toMatchObject({ authorized: true });
    expect((await call(sandbox(), 'GetAzureOrgList')).json.response).toEqual({
      accounts: [{ name: 'sandbox-devops' }, { name: 'sandbox-security' }],
    });
    const params = { appID: 'payments-api' };
    expect((await call(sandbox(), 'GetAzureboardAssociation', { params })).status).toBe(404);
    const unknownOrg = await call(sandbox(), 'PutAzureboardAssociation', {
      params,
      body: { azure_org_name: 'elsewhere', azure_project_name: 'P' },
    });
    expect(unknownOrg.json.validation_errors[0]).toMatch(/^azure_org_name: the work board reaches no/);
    const body = {
      azure_org_name: 'sandbox-devops',
      azure_project_name: 'Payments',
      finding_work_item_type: 'Bug',
    };
    expect((await call(sandbox(), 'PutAzureboardAssociation', { params, body })).json).toEqual({
      ok: true,
      response: body,
    });
    expect((await call(sandbox(), 'GetAzureboardAssociation', { params })).json).toEqual(body);

    const scan = sandbox().state.analysis.scans.find((s) => s.app === 'payments-api') as { id: string };
    const [first, second] = sandbox().state.analysis.findings.filter((f) => f.app === 'payments-api');
    const ids = [Number(first?.id), Number(second?.id)];
    const noScan = await call(sandbox(), 'SubmitFindingToAzureBoardPut', {
      params,
      body: { finding_ids: ids },
    });
    expect(noScan.status).toBe(400);
    expect(noScan.json.validation_errors).toEqual([expect.stringMatching(/^scan_id: /)]);
    const wrongScan = await call(sandbox(), 'SubmitFindingToAzureBoardPut', {
      params,
      body: { scan_id: 999999, finding_ids: ids },
    });
    expect(wrongScan.json.validation_errors).toEqual(['scan_id: app payments-api has no scan 999999']);
    const unknownFinding = await call(sandbox(), 'SubmitFindingToAzureBoardPut', {
      params,
      body: { scan_id: Number(scan.id), finding_ids: [99999999] },
    });
    expect(unknownFinding.json.validation_errors).toEqual([
      'finding_ids: app payments-api has no finding 99999999',
    ]);
    const submitted = await call(sandbox(), 'SubmitFindingToAzureBoardPut', {
      params,
      body: { scan_id: Number(scan.id), finding_ids: ids, extra_parameters: { area: 'Security' } },
    });
    expect(submitted.json).toEqual({ ok: true });
    const item = await call(sandbox(), 'GetAssociationAzureBoardByFindingID', {
      params: { ...params, findingID: String(ids[0]) },
    });
    expect(item.json).toEqual({
      azure_org_name: 'sandbox-devops',
      azure_project_name: 'Payments',
      azure_workitem_id: expect.any(Number),
      azure_workitem_url: `${sandbox().baseUrl}/sandbox/board/workitems/${item.json.azure_workitem_id}`,
    });
    // Submitting again keeps the work item a finding already has.
    await call(sandbox(), 'SubmitFindingToAzureBoardPut', {
      params,
      body: { scan_id: Number(scan.id), finding_ids: ids },
    });
    const again = await call(sandbox(), 'GetAssociationAzureBoardByFindingID', {
      params: { ...params, findingID: String(ids[0]) },
    });
    expect(again.json.azure_workitem_id).toBe(item.json.azure_workitem_id);
    const page = await fetch(item.json.azure_workitem_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Bug: ${first?.title.replace(/&/g, '&#38;')}`);

    expect((await call(sandbox(), 'DeleteAzureboardAssociation', { params })).json).toEqual({ ok: true });
    expect((await call(sandbox(), 'DeleteAzureboardAssociation', { params })).status).toBe(404);
    const unlinked = await call(sandbox(), 'SubmitFindingToAzureBoardPut', {
      params,
      body: { scan_id: Number(scan.id), finding_ids: ids },
    });
    expect(unlinked.status).toBe(404);
  });

  it('answers 404 for an unknown app and a finding without a work item', async () => {
    expect((await call(sandbox(), 'GetAzureboardAssociation', { params: { appID: 'nope' } })).status).toBe(
      404,
    );
    const finding = sandbox().state.analysis.findings.find((f) => f.app === 'web-frontend') as { id: string };
    const none = await call(sandbox(), 'GetAssociationAzureBoardByFindingID', {
      params: { appID: 'web-frontend', findingID: finding.id },
    });
    expect(none.status).toBe(404);
  });

  it('refuses a token whose role lacks the work-board scopes', async () => {
    const res = await call(sandbox(), 'GetAzureOrgList', { token: orgToken(sandbox(), 'ci') });
    expect(res.status).toBe(403);
  });
});

describe('sandbox: the cloud-security platform', () => {
  it('stores the credentials without the secret and reads them back', async () => {
    expect((await call(sandbox(), 'getWizCreds')).status).toBe(404);
    const creds = { client_id: 'cid', auth_url: 'https://auth.example/t', api_url: 'https://api.example/g' };
    const missing = await call(sandbox(), 'storeWizCreds', { body: creds });
    expect(missing.json.validation_errors).toEqual(['client_secret: required']);
    const plain = await call(sandbox(), 'storeWizCreds', {
      body: { ...creds, client_secret: 's', auth_url: 'http://auth.example' },
    });
    expect(plain.json.message).toBe('The provided wiz auth/api url is invalid');
    const stored = await call(sandbox(), 'storeWizCreds', {
      body: { ...creds, client_secret: 'the-secret' },
    });
    expect(stored).toMatchObject({ status: 200, body: undefined });
    expect((await call(sandbox(), 'getWizCreds')).json).toEqual(creds);
    expect(JSON.stringify(sandbox().state)).not.toContain('the-secret');
  });

  it('falls back from a compound to the organization; a compound’s own enrollment wins, disabled included', async () => {
    const shop = { compoundName: 'shop' };
    expect((await call(sandbox(), 'getWizOrgEnrollmentStatus')).json.message).toBe('Enrollment not found');
    expect((await call(sandbox(), 'getWizCompoundEnrollmentStatus', { params: shop })).status).toBe(400);
    await call(sandbox(), 'updateWizOrgEnrollment', { body: { enrolled_for: ['SAST', 'SCA'] } });
    expect((await call(sandbox(), 'getWizCompoundEnrollmentStatus', { params: shop })).json).toEqual({
      enrolled_for: ['SAST', 'SCA'],
      is_enabled: true,
      scope: 'organization',
    });
    await call(sandbox(), 'updateWizCompoundEnrollment', { params: shop, body: { is_enabled: false } });
    expect((await call(sandbox(), 'getWizCompoundEnrollmentStatus', { params: shop })).json).toEqual({
      enrolled_for: [],
      is_enabled: false,
      scope: 'compound',
    });
    expect((await call(sandbox(), 'getWizOrgEnrollmentStatus')).json).toMatchObject({ is_enabled: true });
    await call(sandbox(), 'updateWizCompoundEnrollment', { params: shop, body: { enrolled_for: ['SCA'] } });
    expect((await call(sandbox(), 'getWizCompoundEnrollmentStatus', { params: shop })).json).toMatchObject({
      enrolled_for: ['SCA'],
      is_enabled: false,
    });
    expect((await call(sandbox(), 'removeWizCompoundEnrollment', { params: shop })).status).toBe(200);
    expect((await call(sandbox(), 'removeWizCompoundEnrollment', { params: shop })).status).toBe(400);
    expect((await call(sandbox(), 'getWizCompoundEnrollmentStatus', { params: shop })).json.scope).toBe(
      'organization',
    );
  });

  it('refuses an unknown kind and an unknown compound', async () => {
    const kind = await call(sandbox(), 'updateWizOrgEnrollment', { body: { enrolled_for: ['DAST'] } });
    expect(kind.status).toBe(400);
    const compound = await call(sandbox(), 'getWizCompoundEnrollmentStatus', {
      params: { compoundName: 'nope' },
    });
    expect(compound.status).toBe(404);
  });
});

describe('sandbox: stand-in pages', () => {
  it('answers 404 pages for unknown addresses under /sandbox/', async () => {
    for (const path of ['/sandbox/', '/sandbox/consent/chat?state=nope', '/sandbox/board/workitems/1']) {
      const res = await fetch(`${sandbox().baseUrl}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});
