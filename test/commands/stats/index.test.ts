import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const teams = [
  { team_id: 't-pay', team_name: 'Payments' },
  { team_id: 't-web', team_name: 'Web' },
];
const apps = [
  { id: 'payments-api', name: 'Payments API', team_id: 't-pay', base_branch: 'main' },
  { id: 'web-frontend', name: 'Web Frontend', team_id: 't-web', base_branch: 'develop' },
  { id: 'docs-site', name: 'Docs Site', base_branch: 'main' },
];
const scanOf = (id: string, app: string, at: string) => ({
  id,
  app,
  version: 'abc',
  successful: true,
  started_at: at,
  completed_at: at.replace('T09', 'T10'),
});
const count = (key: string, value: string, finding_type: string, n: number) => ({
  key,
  value,
  finding_type,
  count: n,
});
const payments = {
  has_more: false,
  scan: scanOf('11', 'payments-api', '2026-09-01T09:00:00Z'),
  counts: [
    count('severity', 'critical', 'vuln', 2),
    count('severity', 'high', 'vuln', 1),
    count('severity', 'high', 'oss_vuln', 3),
    count('severity', 'low', 'secret', 1),
    count('severity', 'medium', 'insight', 1),
    count('reachability', 'reachable', 'vuln', 3),
    count('reachability', 'reachable', 'oss_vuln', 1),
    count('reachability', 'unreachable', 'oss_vuln', 2),
    count('category', 'SQL Injection', 'vuln', 2),
  ],
};
const web = {
  has_more: false,
  scan: scanOf('12', 'web-frontend', '2026-09-03T09:00:00Z'),
  counts: [count('severity', 'medium', 'container', 4), count('severity', 'medium', 'oss_vuln', 1)],
};
// An app whose latest scan has no open finding: no counts at all.
const docs = { has_more: false, scan: scanOf('13', 'docs-site', '2026-08-20T09:00:00Z') };

function stubAll(query: Record<string, unknown> = {}) {
  cli.stub('ListApps').reply(200, ok(apps));
  cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok(teams));
  for (const [app, answer] of [
    ['payments-api', payments],
    ['web-frontend', web],
    ['docs-site', docs],
  ] as const) {
    cli
      .stub('ListAppFindings', { path: { appID: app }, query: { ...query, only_counts: true } })
      .reply(200, ok(answer));
  }
}

describe('stats: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['stats', '--type', 'bug'],
      'invalid value for --type: "bug" (choose from vuln, secret, insight, extscan, oss_vuln, container, security_issue)',
    ],
    [
      ['stats', '--concurrency', '0'],
      'invalid value for --concurrency: "0" (expected a whole number from 1 to 64)',
    ],
    [
      ['stats', '--app', '-x'],
      'invalid value for --app: "-x" (letters and digits, with _ : . - allowed inside)',
    ],
    [['stats', '--team', ''], '--team must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('stats', () => {
  it('counts each app from one only_counts request, the totals row last and flagged', async () => {
    stubAll();
    const result = await cli.run(['stats', '-o', 'json'], { env: authEnv() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout);
    expect(rows).toEqual([
      {
        app: 'payments-api',
        team: 'Payments',
        critical: 2,
        high: 4,
        medium: 1,
        low: 1,
        total: 8,
        vuln: 3,
        secret: 1,
        oss_vuln: 3,
        oss_vuln_reachable: 1,
        oss_vuln_unreachable: 2,
        container: 0,
        other: 1,
        last_scan: '2026-09-01T10:00:00Z',
        scan_id: '11',
        is_total: false,
      },
      {
        app: 'web-frontend',
        team: 'Web',
        critical: 0,
        high: 0,
        medium: 5,
        low: 0,
        total: 5,
        vuln: 0,
        secret: 0,
        oss_vuln: 1,
        // No reachability count covers the one dependency finding: the split is not known.
        oss_vuln_reachable: null,
        oss_vuln_unreachable: null,
        container: 4,
        other: 0,
        last_scan: '2026-09-03T10:00:00Z',
        scan_id: '12',
        is_total: false,
      },
      expect.objectContaining({
        app: 'docs-site',
        team: null,
        total: 0,
        oss_vuln_reachable: 0,
        scan_id: '13',
      }),
      {
        app: null,
        team: null,
        critical: 2,
        high: 4,
        medium: 6,
        low: 1,
        total: 13,
        vuln: 3,
        secret: 1,
        oss_vuln: 4,
        oss_vuln_reachable: null,
        oss_vuln_unreachable: null,
        container: 4,
        other: 1,
        last_scan: '2026-09-03T10:00:00Z',
        scan_id: null,
        is_total: true,
        apps: 3,
      },
    ]);
  });

  it('prints a table with the totals row last, and csv with IS_TOTAL for spreadsheets', async () => {
    stubAll();
    const table = await cli.run(['stats'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
      columns: 200,
    });
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^APP\s+TEAM\s+CRITICAL\s+HIGH\s+MEDIUM\s+LOW\s+TOTAL\s+VULN\s+SECRET\s+OSS_REACH\s+OSS_UNREACH\s+CONTAINER\s+LAST_SCAN$/,
    );
    expect(lines[2]).toMatch(
      /^web-frontend\s+Web\s+0\s+0\s+5\s+0\s+5\s+0\s+0\s+\?\s+\?\s+4\s+2026-09-03T10:00:00Z$/,
    );
    expect(lines.at(-1)).toMatch(/^\(total: 3 apps\)\s+2\s+4\s+6\s+1\s+13\s/);
    stubAll();
    const csv = await cli.run(['stats', '-o', 'csv'], { env: authEnv() });
    const csvLines = csv.stdout.trimEnd().split('\n');
    expect(csvLines[0]).toBe(
      'app,team,critical,high,medium,low,total,vuln,secret,oss_vuln,oss_vuln_reachable,oss_vuln_unreachable,container,last_scan,other,scan_id,is_total',
    );
    expect(csvLines[1]).toBe('payments-api,Payments,2,4,1,1,8,3,1,3,1,2,0,2026-09-01T10:00:00Z,1,11,false');
    expect(csvLines.at(-1)).toBe('(total: 3 apps),,2,4,6,1,13,3,1,4,?,?,4,2026-09-03T10:00:00Z,1,,true');
  });

  it('--team, --type and --default-branch: the team’s apps, their default branch, the types asked', async () => {
    cli.stub('ListApps').reply(200, ok(apps));
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok(teams));
    cli.stub('ListTeams', { query: { teamName: 'Web', no_members: true } }).reply(200, ok([teams[1]]));
    cli
      .stub('ListAppFindings', {
        path: { appID: 'web-frontend' },
        query: { type: ['container'], tags: ['branch=develop'], only_counts: true },
      })
      .reply(200, ok({ scan: web.scan, counts: [count('severity', 'medium', 'container', 4)] }));
    const result = await cli.run(
      ['stats', '--team', 'Web', '--type', 'container', '--default-branch', '-o', 'ndjson'],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.app, r.total, r.container, r.is_total])).toEqual([
      ['web-frontend', 4, 4, false],
      [null, 4, 4, true],
    ]);
  });

  it('waits out 429 and 503 under the scheduler without spending the retry budget', async () => {
    cli.stub('ListApps').reply(200, ok(apps.slice(0, 1)));
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok(teams));
    const path = { appID: 'payments-api' };
    const query = { only_counts: true };
    cli
      .stub('ListAppFindings', { path, query })
      .reply(429, { ok: false }, { headers: { 'retry-after': '0' } });
    cli
      .stub('ListAppFindings', { path, query })
      .reply(503, { ok: false }, { headers: { 'retry-after': '0' } });
    cli
      .stub('ListAppFindings', { path, query })
      .reply(429, { ok: false }, { headers: { 'retry-after': '0' } });
    cli.stub('ListAppFindings', { path, query }).reply(200, ok(payments));
    const result = await cli.run(['stats', '--retries', '0', '-o', 'ndjson'], { env: authEnv() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout.split('\n')[0] as string)).toMatchObject({
      app: 'payments-api',
      total: 8,
    });
  });

  it('under the scheduler too, a Retry-After past --max-retry-wait is exit 7 at once, saying when', async () => {
    cli.stub('ListApps').reply(200, ok(apps.slice(0, 1)));
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok(teams));
    cli
      .stub('ListAppFindings', { path: { appID: 'payments-api' }, query: { only_counts: true } })
      .reply(429, { ok: false, message: 'slow down' }, { headers: { 'retry-after': '97200' } });
    const result = await cli.run(['stats', '-o', 'ndjson'], { env: authEnv() });
    expect([result.code, result.stdout]).toEqual([7, '']);
    expect(result.stderr).toMatch(
      /^error: ListAppFindings: HTTP 429: the service asks to be retried at \S+ \(in 27 h\), later than --max-retry-wait \(60 s\) allows; not waiting\n/,
    );
  });

  it('shows teams by id, with a warning, when the token may not list teams', async () => {
    cli.stub('ListApps').reply(200, ok(apps.slice(0, 1)));
    cli
      .stub('ListTeams', { query: { no_members: true } })
      .reply(403, { ok: false, message: 'missing scope teams:list' });
    cli
      .stub('ListAppFindings', { path: { appID: 'payments-api' }, query: { only_counts: true } })
      .reply(200, ok(payments));
    const result = await cli.run(['stats', '-o', 'ndjson'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('warning: this token may not list teams: teams are shown by id\n');
    expect(JSON.parse(result.stdout.split('\n')[0] as string)).toMatchObject({ team: 't-pay' });
  });

  it('fails closed: counts without counts by severity are exit 8, an unknown app exit 5', async () => {
    cli.stub('ListApps').reply(200, ok(apps.slice(0, 1)));
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok(teams));
    cli
      .stub('ListAppFindings', { path: { appID: 'payments-api' }, query: { only_counts: true } })
      .reply(200, ok({ scan: payments.scan, counts: [count('category', 'XSS', 'vuln', 2)] }));
    const bad = await cli.run(['stats'], { env: authEnv() });
    expect(bad.code).toBe(8);
    expect(bad.stderr).toContain(
      'error: ListAppFindings (payments-api): the counts have no counts by severity',
    );
    expect(bad.stdout).toBe('');

    cli.stub('ListApps').reply(200, ok(apps));
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok(teams));
    const unknown = await cli.run(['stats', '--app', 'nope'], { env: authEnv() });
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('error: no app has the id nope');
  });
});
