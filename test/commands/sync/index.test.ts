import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { openSqlite } from '../../../src/sync/sqlite.js';

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-sync-cmd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sync: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['sync', '--to', 'mysql://db/x'],
      'invalid value for --to: "mysql://db/x": use sqlite:PATH or postgres://USER@HOST/DATABASE',
    ],
    [['sync', '--to', 'sqlite:'], 'invalid value for --to: sqlite: needs a path (sqlite:./secscan.db)'],
    [['sync', '--to', 'postgres://'], 'invalid value for --to: the PostgreSQL URL names no host'],
    [
      ['sync', '--concurrency', '0'],
      'invalid value for --concurrency: "0" (expected a whole number from 1 to 64)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('--profiles with a variable that would override every profile', async () => {
    const result = await cli.run(['sync', '--to', `sqlite:${join(dir, 'p.db')}`, '--profiles', 'a,b'], {
      env: authEnv(),
    });
    expectUsage(
      result,
      "--profiles reads each profile's own settings, but SECSCAN_TOKEN, SECSCAN_BASE_URL would override them all: unset them",
      cli,
    );
  });
});

const app = { id: 'payments-api', name: 'Payments API', base_branch: 'main' };
const scan = { id: '11', app: 'payments-api', version: 'abc', successful: true };
const finding = (id: string) => ({
  id,
  app: 'payments-api',
  type: 'vuln',
  internal_id: `i-${id}`,
  title: `SQL injection ${id}`,
  severity: 'high',
  status: 'unset',
  tags: [{ key: 'category', value: 'SQL Injection' }],
});

function stubOrg() {
  cli.stub('ListApps').reply(200, ok([app]));
  cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok([]));
  cli
    .stub('ListOrgCompounds', { query: { archived: false, per_page: 100 } })
    .reply(200, ok({ compounds: [] }));
  cli
    .stub('ListOrgCompounds', { query: { archived: true, per_page: 100 } })
    .reply(200, ok({ compounds: [] }));
  cli
    .stub('ReadOrgFindingsSummary', { query: { default_branch: true } })
    .reply(200, ok({ findings_summaries: [], apps: [{ app: app.id, findings_summaries: [], scan }] }));
  cli
    .stub('ListScans', { path: { appID: app.id }, query: { limit: 50, tags: ['branch=main'] } })
    .reply(200, ok({ scans: [scan] }));
  cli
    .stub('ReadAppSCAPackages', { path: { appID: app.id }, query: { scan: '11', per_page: 1000, page: 1 } })
    .reply(200, ok({ packages: [], has_more: false, total_count: 0, scans: [] }));
}

describe('sync into SQLite', () => {
  it('writes the app, its scan and its findings with their tags, then records the run', async () => {
    stubOrg();
    cli
      .stub('ListAppFindings', {
        path: { appID: app.id },
        query: { scan: '11', status: ['any'], per_page: 250 },
      })
      .reply(200, ok({ has_more: false, findings: [finding('1'), finding('2')] }));
    cli
      .stub('ListOrgFindings', { query: { status: ['fixed', 'ignored', '3rdparty'], per_page: 250 } })
      .reply(200, ok({ has_more: false, findings: [] }));
    cli
      .stub('ListOrgFindings', { query: { status: ['unset'], assignment: 'assigned', per_page: 250 } })
      .reply(200, ok({ has_more: false, findings: [] }));
    const path = join(dir, 'one.db');
    const result = await cli.run(['sync', '--to', `sqlite:${path}`], { env: authEnv() });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^synced .* 1 of 1 apps read, 2 findings, 0 triage changes, 10 requests/);
    const db = await openSqlite(path, {});
    try {
      expect(await db.all('SELECT finding_id, title FROM findings ORDER BY finding_id')).toEqual([
        { finding_id: '1', title: 'SQL injection 1' },
        { finding_id: '2', title: 'SQL injection 2' },
      ]);
      expect(await db.all('SELECT COUNT(*) AS n FROM finding_tags')).toEqual([{ n: 2 }]);
      expect(await db.all('SELECT status, requests FROM sync_runs')).toEqual([
        { status: 'completed', requests: 10 },
      ]);
    } finally {
      await db.close();
    }
  });

  it('a findings page without its list is exit 8, and nothing of the app is written', async () => {
    stubOrg();
    cli
      .stub('ListAppFindings', {
        path: { appID: app.id },
        query: { scan: '11', status: ['any'], per_page: 250 },
      })
      .reply(200, ok({ has_more: false, findings: null }));
    const path = join(dir, 'null.db');
    const result = await cli.run(['sync', '--to', `sqlite:${path}`], { env: authEnv() });
    expect(result.code).toBe(8);
    const db = await openSqlite(path, {});
    try {
      expect(await db.all('SELECT COUNT(*) AS n FROM findings')).toEqual([{ n: 0 }]);
      expect(await db.all('SELECT scan_id FROM apps')).toEqual([{ scan_id: null }]);
      expect(await db.all('SELECT status FROM sync_runs')).toEqual([{ status: 'failed' }]);
    } finally {
      await db.close();
    }
  });
});
