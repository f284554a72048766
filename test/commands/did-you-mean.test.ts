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

  it('findings list --compound shpo: two letters swapped are one edit, did you mean shop?', async () => {
    cli
      .stub('ListCompoundFindings', { path: { compoundName: 'shpo' } })
      .reply(404, notFound('no compound is named shpo'));
    cli.stub('ListOrgCompounds', { query: { per_page: 100 } }).reply(
      200,
      ok({
        compounds: [
          { id: 'c1', name: 'shop' },
          { id: 'c2', name: 'java-demo' },
        ],
      }),
    );
    const r = await cli.run(['findings', 'list', '--compound', 'shpo'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: ListCompoundFindings: no compound is named shpo (HTTP 404 NOT_FOUND)\n' +
        'hint: did you mean shop? (see `secscan compounds list`)\n',
    );
  });

  it('compounds show shpo: a compound named by an argument gets the close matches too', async () => {
    cli
      .stub('ReadCompoundShallowByName', { path: { compoundName: 'shpo' } })
      .reply(404, notFound('no compound is named shpo'));
    cli
      .stub('ListOrgCompounds', { query: { per_page: 100 } })
      .reply(200, ok({ compounds: [{ id: 'c1', name: 'shop' }] }));
    const r = await cli.run(['compounds', 'show', 'shpo'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n')[1]).toBe('hint: did you mean shop? (see `secscan compounds list`)');
  });

  it('teams show Bakend: the close team names, from a listing of every team', async () => {
    cli.stub('ListTeams', { query: { teamName: 'Bakend', no_members: true } }).reply(200, ok([]));
    cli.stub('ListTeams', { query: { no_members: true } }).reply(
      200,
      ok([
        { team_id: 't1', team_name: 'Backend' },
        { team_id: 't2', team_name: 'Web' },
      ]),
    );
    const r = await cli.run(['teams', 'show', 'Bakend'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: no team is named "Bakend"\nhint: did you mean Backend? (see `secscan teams list`)\n',
    );
  });

  it('roles create --scope findings:lst: the close scopes the organization offers', async () => {
    cli.stub('ListAvailableRBACScopes').reply(200, ok(['findings:list', 'findings:read', 'teams:list']));
    const r = await cli.run(['roles', 'create', '--name', 'T', '--scope', 'findings:lst'], {
      env: authEnv(),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: unknown scope "findings:lst" for --scope: the organization does not offer it\n' +
        'hint: did you mean findings:list? (see `secscan scopes available`)\n',
    );
    cli.stub('ListAvailableRBACScopes').reply(200, ok(['findings:list', 'teams:list']));
    const star = await cli.run(['roles', 'create', '--name', 'T', '--scope', 'finding:*'], {
      env: authEnv(),
    });
    expect(star.stderr.split('\n')[1]).toBe(
      'hint: did you mean findings:*? (see `secscan scopes available`)',
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
