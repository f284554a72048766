import { describe, expect, it } from 'vitest';
import { call, orgToken, userToken, useSandbox } from './harness.js';

const sandbox = useSandbox();

describe('sandbox: compounds', () => {
  it('lists compounds by archive state, a page at a time', async () => {
    const active = await call(sandbox(), 'ListOrgCompounds', { query: 'archived=false&per_page=1' });
    expect(active.json.response.compounds.map((c: { name: string }) => c.name)).toEqual(['shop']);
    expect(active.json.next_page).toMatch(/page=2/);
    const archived = await call(sandbox(), 'ListOrgCompounds', { query: 'archived=true' });
    expect(archived.json.response.compounds.map((c: { name: string }) => c.name)).toEqual(['legacy-docs']);
    expect(Object.values(archived.json.response.compounds[0].apps)[0]).toMatchObject({ id: 'docs-site' });
    expect((await call(sandbox(), 'ListOrgCompounds', { query: 'per_page=101' })).status).toBe(400);
  });

  it('reads a compound by name and id; archived ones only when asked', async () => {
    const shop = await call(sandbox(), 'ReadCompoundShallowByName', { params: { compoundName: 'shop' } });
    expect(shop.json.response.apps).toEqual(['web-frontend', 'payments-api', 'ledger-service']);
    const byId = await call(sandbox(), 'ReadCompoundFull', { params: { compoundID: shop.json.response.id } });
    expect(Object.keys(byId.json.response.apps)).toEqual(['1', '2', '3']);
    const hidden = await call(sandbox(), 'CompoundBranches', { params: { compoundName: 'legacy-docs' } });
    expect(hidden.status).toBe(404);
    const shown = await call(sandbox(), 'CompoundBranches', {
      params: { compoundName: 'legacy-docs' },
      query: 'archived=true',
    });
    expect(shown.json.response.branches).toEqual(['main']);
  });

  it('lists compound scans by status and branch, streamlined, one scan, SARIF and fix stats', async () => {
    const failed = await call(sandbox(), 'ListScansInCompound', {
      params: { compoundName: 'shop' },
      query: 'status=failed',
    });
    expect(failed.json.response.scans).toHaveLength(1);
    const feature = await call(sandbox(), 'ListScansInCompound', {
      params: { compoundName: 'shop' },
      query: 'branch=feature%2Fcheckout',
    });
    expect(feature.json.response.scans).toHaveLength(2);
    const id = feature.json.response.scans[0].id;
    const one = await call(sandbox(), 'ReadCompoundScan', { params: { compoundName: 'shop', scanID: id } });
    expect(one.json.response.scans.map((s: { app: string }) => s.app).sort()).toEqual([
      'payments-api',
      'web-frontend',
    ]);
    const streamlined = await call(sandbox(), 'GetStreamlinedScans', {
      params: { compoundName: 'shop' },
      query: 'limit=2',
    });
    expect(streamlined.json.response.scans[0]).toMatchObject({
      agent: 'cli',
      vulns: { critical: expect.any(Number) },
    });
    const sarif = await fetch(
      `${sandbox().baseUrl}/api/v4/orgs/${sandbox().orgId}/compounds/named/shop/reports/sarif?scan_branch=main`,
      {
        headers: { authorization: `Bearer ${sandbox().token}` },
      },
    );
    expect(sarif.headers.get('content-type')).toContain('application/sarif+json');
    const log = (await sarif.json()) as {
      runs: { tool: { driver: { name: string } }; results: unknown[] }[];
    };
    expect(log.runs[0]?.results.length).toBeGreaterThan(0);
    // The analyser's name, as in the service's reports, never the sandbox's.
    expect(log.runs[0]?.tool.driver.name).toBe('Qwiet');
    expect(JSON.stringify(log)).not.toMatch(/sandbox|secscan/i);
    const stats = await call(sandbox(), 'getFixesPerCompoundStats');
    expect(stats.json.response.stats.map((s: { compound_name: string }) => s.compound_name)).toContain(
      'shop',
    );
  });
});

describe('sandbox: apps, configuration, app groups, analyze failures', () => {
  it('merges configuration: organization, then team, then app', async () => {
    const merged = await call(sandbox(), 'ReadMergedAppConfig', { params: { appID: 'payments-api' } });
    // The organization says entropy 3.5, the Payments team 4.2, and the app sets only `disable`.
    expect(merged.json.response.analysis_configuration.secrets).toEqual({ entropy: 4.2, disable: false });
    await call(sandbox(), 'PatchAppConfig', {
      params: { appID: 'payments-api' },
      body: { analysis_configuration: { secrets: { entropy: 5 } } },
    });
    const after = await call(sandbox(), 'ReadMergedAppConfig', { params: { appID: 'payments-api' } });
    expect(after.json.response.analysis_configuration).toMatchObject({
      secrets: { entropy: 5, disable: false },
      cpg2sp: { 'max-steps': 200000 },
    });
    await call(sandbox(), 'UpdateAppConfig', {
      params: { appID: 'payments-api' },
      body: { default_branch: 'trunk' },
    });
    const own = await call(sandbox(), 'ReadAppConfig', { params: { appID: 'payments-api' } });
    expect(own.json.response).toEqual({ default_branch: 'trunk', analysis_configuration: {} });
    await call(sandbox(), 'UpdateAppDefaultBranch', {
      params: { appID: 'payments-api' },
      body: { default_branch: 'main' },
    });
  });

  it('creates apps (rejecting duplicates and unknown teams), labels and deletes them', async () => {
    const created = await call(sandbox(), 'CreateApp', {
      body: [{ id: 'new-app' }, { id: 'payments-api' }, { id: 'teamless', team_id: 'nope' }],
    });
    expect(created.json.response).toEqual({
      apps: [{ id: 'new-app', name: 'new-app', base_branch: 'main' }],
      rejected_ids: ['payments-api'],
      rejected_team_ids: ['nope'],
    });
    const labels = await call(sandbox(), 'UpdateAppLabels', {
      params: { appID: 'new-app' },
      body: { add: ['a', 'b'] },
    });
    expect(labels.json.response).toEqual(['a', 'b']);
    const removed = await call(sandbox(), 'UpdateAppLabels', {
      params: { appID: 'new-app' },
      body: { remove: ['a'] },
    });
    expect(removed.json.response).toEqual(['b']);
    expect((await call(sandbox(), 'DeleteApp', { params: { appID: 'new-app' } })).status).toBe(200);
    expect((await call(sandbox(), 'ReadApp', { params: { appID: 'new-app' } })).status).toBe(404);
    const guest = await call(sandbox(), 'DeleteApp', {
      params: { appID: 'docs-site' },
      token: userToken(sandbox(), 'GUEST'),
    });
    expect(guest.status).toBe(403);
  });

  it('upserts, renames and deletes app groups', async () => {
    const made = await call(sandbox(), 'UpsertAppGroup', {
      params: { appGroupName: 'web' },
      body: { add_app_ids: ['web-frontend'] },
    });
    expect(made.json.response).toEqual([{ name: 'web', app_ids: ['web-frontend'] }]);
    const renamed = await call(sandbox(), 'UpsertAppGroup', {
      params: { appGroupName: 'web' },
      body: { rename: 'www' },
    });
    expect(renamed.json.response[0].name).toBe('www');
    const unknown = await call(sandbox(), 'UpsertAppGroup', {
      params: { appGroupName: 'www' },
      body: { add_app_ids: ['nope'] },
    });
    expect(unknown.status).toBe(400);
    expect((await call(sandbox(), 'DeleteAppGroup', { params: { appGroupName: 'www' } })).status).toBe(200);
    const names = await call(sandbox(), 'ReadOrgGroups');
    expect(names.json.response).toEqual(['payments', 'frontend']);
  });

  it('lists analyze failures (the CI token may not) and reads one', async () => {
    const list = await call(sandbox(), 'ListAnalyzeFailures');
    expect(list.json.response.failures.map((f: { app_name: string }) => f.app_name)).toEqual([
      'ledger-service',
      'docs-site',
    ]);
    const one = await call(sandbox(), 'GetAnalyzeFailure', {
      params: { failureId: list.json.response.failures[0].id },
    });
    expect(one.json.response.organization_id).toBe(sandbox().orgId);
    expect(
      (
        await call(sandbox(), 'GetAnalyzeFailure', {
          params: { failureId: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
    expect((await call(sandbox(), 'ListAnalyzeFailures', { token: orgToken(sandbox(), 'ci') })).status).toBe(
      403,
    );
  });
});
