import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../helpers/cli.js';

/** A 404 for the app or compound given names the close matches, from one listing request. */
const cli = useCli();
const notFound = (message: string) => ({ ok: false, code: 'NOT_FOUND', message });
const apps = ok([
  { id: 'payments-api', name: 'Payments API' },
  { id: 'shiftleft-java-demo', name: 'Java demo' },
]);

describe('did you mean: the close matches of an app or compound not found', () => {
  it('findings list --app payments-ap: did you mean payments-api?', async () => {
    cli
      .stub('ListAppFindings', { path: { appID: 'payments-ap' } })
      .reply(404, notFound('no app has the id payments-ap'));
    cli.stub('ListApps').reply(200, apps);
    const r = await cli.run(['findings', 'list', '--app', 'payments-ap'], { env: authEnv() });
    expect([r.code, r.stdout]).toEqual([5, '']);
    expect(r.stderr).toBe(
      'error: ListAppFindings: no app has the id payments-ap (HTTP 404 NOT_FOUND)\n' +
        'hint: did you mean payments-api? (see `secscan apps list`)\n',
    );
  });

  it('scans check --compound shp: compounds and apps both, as the gate takes either', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secscan-near-'));
    const rules = join(dir, 'rules.yml');
    writeFileSync(rules, 'rules:\n  - id: r\n    tags:\n      severity: [critical]\n');
    cli
      .stub('CheckScans', { path: { compoundName: 'shp' } })
      .reply(404, notFound('no compound or app is named shp'));
    cli
      .stub('ListOrgCompounds', { query: { per_page: 100 } })
      .reply(200, ok({ compounds: [{ id: 'c1', name: 'shop' }] }));
    cli.stub('ListApps').reply(200, apps);
    const r = await cli.run(['scans', 'check', '--compound', 'shp', '--rules', rules, '--baseline', 'none'], {
      env: authEnv(),
    });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual([
      'error: CheckScans: no compound or app is named shp (HTTP 404 NOT_FOUND)',
      'hint: did you mean shop? (see `secscan compounds list` and `secscan apps list`)',
    ]);
  });

  it('scans check --compound shp with the default branch as baseline: the same hint, from the read of the default branch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'secscan-near-'));
    const rules = join(dir, 'rules.yml');
    writeFileSync(rules, 'rules:\n  - id: r\n    tags:\n      severity: [critical]\n');
    cli
      .stub('ReadCompoundShallowByName', { path: { compoundName: 'shp' } })
      .reply(404, notFound('no compound is named shp'));
    cli.stub('ReadApp', { path: { appID: 'shp' } }).reply(404, notFound('no app is named shp'));
    cli
      .stub('ListOrgCompounds', { query: { per_page: 100 } })
      .reply(200, ok({ compounds: [{ id: 'c1', name: 'shop' }] }));
    cli.stub('ListApps').reply(200, apps);
    const r = await cli.run(['scans', 'check', '--compound', 'shp', '--rules', rules], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n')[1]).toBe(
      'hint: did you mean shop? (see `secscan compounds list` and `secscan apps list`)',
    );
  });

  it('nothing close, a 404 about something else, or a listing refused: the error as it was', async () => {
    cli.stub('ListAppFindings', { path: { appID: 'zzz' } }).reply(404, notFound('no app has the id zzz'));
    cli.stub('ListApps').reply(200, apps);
    const far = await cli.run(['findings', 'list', '--app', 'zzz'], { env: authEnv() });
    expect(far.stderr).toBe('error: ListAppFindings: no app has the id zzz (HTTP 404 NOT_FOUND)\n');
    cli
      .stub('ReadAppFinding', { path: { appID: 'payments-api', findingID: '99' } })
      .reply(404, notFound('app payments-api has no finding 99'));
    cli.stub('ListApps').reply(200, apps);
    const other = await cli.run(['findings', 'show', '--app', 'payments-api', '99'], { env: authEnv() });
    expect(other.stderr).toBe(
      'error: ReadAppFinding: app payments-api has no finding 99 (HTTP 404 NOT_FOUND)\n',
    );
    cli
      .stub('ListAppFindings', { path: { appID: 'payments-ap' } })
      .reply(404, notFound('no app has the id payments-ap'));
    cli.stub('ListApps').reply(403, { ok: false, code: 'FORBIDDEN', message: 'no apps:list' });
    const refused = await cli.run(['findings', 'list', '--app', 'payments-ap'], { env: authEnv() });
    expect([refused.code, refused.stderr.split('\n')[1]]).toEqual([5, '']);
  });
});
