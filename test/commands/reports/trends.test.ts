import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { trendsDocument } from '../../../src/output/trends/exporters.js';
import { formatsOf } from '../../../src/output/export/spec.js';

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-trends-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const window = ['--since', '2026-06-01', '--until', '2026-07-01'];

describe('reports trends: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['reports', 'trends', '--since', '2026-08-01', '--until', '2026-07-01'],
      '--since (2026-08-01T00:00:00.000Z) must be before --until (2026-07-01T00:00:00.000Z)',
    ],
    [
      ['reports', 'trends', '--since', 'lately'],
      'invalid value for --since: "lately" (expected a date such as 2026-09-01, Unix seconds, or an age such as 30d)',
    ],
    [
      ['reports', 'trends', '--until', 'soon'],
      'invalid value for --until: "soon" (expected a date such as 2026-09-01, Unix seconds, or an age such as 30d)',
    ],
    [
      ['reports', 'trends', '--by', 'week'],
      'invalid value for --by: "week" (choose from severity, app, team)',
    ],
    [
      ['reports', 'trends', '--sla', 'urgent=1d'],
      'invalid value for --sla: "urgent=1d" (expected SEVERITY=DAYS with a severity of critical, high, medium, low, e.g. critical=7d)',
    ],
    [
      ['reports', 'trends', '--sla', 'high=30d', '--sla', 'high=20d'],
      'invalid value for --sla: high is given twice',
    ],
    [
      ['reports', 'trends', '--sla', 'low=soon'],
      'invalid value for --sla low: "soon" (expected a duration such as 3600, 90m, 12h, 30d)',
    ],
    [['reports', 'trends', '--html', dir], `invalid value for --html: ${dir} is a directory (name a file)`],
    [
      ['reports', 'trends', '-o', 'sarif'],
      `invalid value for -o, --output: "sarif" (choose from ${formatsOf(trendsDocument).join(', ')})`,
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

const app = { id: 'payments-api', team_id: 't-pay', base_branch: 'main' };
const version = (id: string, at: string, extra: Record<string, unknown> = {}) => ({
  version: `v${id}`,
  scan: {
    id,
    app: app.id,
    version: `v${id}`,
    successful: true,
    is_default_branch: true,
    completed_at: at,
    ...extra,
  },
  findings_summaries: [],
});

function stubApps() {
  cli.stub('ListApps').reply(200, ok([app]));
  cli
    .stub('ListTeams', { query: { no_members: true } })
    .reply(200, ok([{ team_id: 't-pay', team_name: 'Payments' }]));
}

const scanQuery = (scan: string) => ({
  scan,
  status: ['any'],
  per_page: 250,
  fields: ['-description', '-details', '-related_findings'],
});

function stubOneScan() {
  stubApps();
  cli
    .stub('ListAppVersions', { path: { appID: app.id } })
    .reply(200, ok([version('1', '2026-06-15T00:00:00Z')]));
  cli
    .stub('ListAppFindings', { path: { appID: app.id }, query: scanQuery('1') })
    .reply(200, ok({ scan: { id: '1', app: app.id, version: 'v1', successful: true }, findings: [] }));
}

describe('reports trends: the history, fail closed', () => {
  it('reads the versions, then each scan of the window, and computes from them', async () => {
    stubApps();
    cli
      .stub('ListAppVersions', { path: { appID: app.id } })
      .reply(
        200,
        ok([
          version('3', '2026-06-15T00:00:00Z'),
          version('2', '2026-06-08T00:00:00Z', { is_default_branch: false }),
          version('1', '2026-05-20T00:00:00Z'),
          version('0', '2026-05-10T00:00:00Z'),
        ]),
      );
    const f = (id: string, severity: string) => ({
      id,
      app: app.id,
      type: 'vuln',
      internal_id: `x/${id}`,
      severity,
      status: 'unset',
      scan_first_seen: '1',
    });
    cli.stub('ListAppFindings', { path: { appID: app.id }, query: scanQuery('1') }).reply(
      200,
      ok({
        scan: { id: '1', app: app.id, version: 'v1', successful: true },
        findings: [f('7', 'critical')],
      }),
    );
    cli
      .stub('ListAppFindings', { path: { appID: app.id }, query: scanQuery('3') })
      .reply(200, ok({ scan: { id: '3', app: app.id, version: 'v3', successful: true }, findings: [] }));
    const result = await cli.run(['reports', 'trends', ...window, '-o', 'json'], { env: authEnv() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.summary).toMatchObject({
      fixed: 1,
      mean_days_to_fix: 26,
      open_at_start: { critical: 1, total: 1 },
    });
    expect(report.basis).toMatchObject({ apps: 1, scans: 1 });
  });

  it('on a terminal the header wraps at its width, between words', async () => {
    stubApps();
    cli
      .stub('ListAppVersions', { path: { appID: app.id } })
      .reply(200, ok([version('1', '2026-06-15T00:00:00Z')]));
    cli
      .stub('ListAppFindings', { path: { appID: app.id }, query: scanQuery('1') })
      .reply(200, ok({ scan: { id: '1', app: app.id, version: 'v1', successful: true }, findings: [] }));
    const result = await cli.run(['reports', 'trends', ...window, '--sla', 'critical=7d,high=30d'], {
      env: authEnv({ NO_COLOR: '1', SECSCAN_PAGER: 'cat' }),
      stdoutTTY: true,
      columns: 60,
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Security programme trends, 2026-06-01 to 2026-07-01 (30',
      'days)',
      '1 apps, 1 scans of their default branches; SLA critical 7d,',
      'high 30d, medium 90d, low 180d',
    ]);
    expect(lines.slice(0, 4).filter((l) => l.length > 60)).toEqual([]);
  });

  it('at 80 columns every line fits, broken between words (the basis under its label)', async () => {
    stubOneScan();
    const result = await cli.run(['reports', 'trends', ...window], {
      env: authEnv({ NO_COLOR: '1', SECSCAN_PAGER: 'cat' }),
      stdoutTTY: true,
      columns: 80,
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => [...l].length > 80)).toEqual([]);
    const basis = lines.slice(lines.indexOf('How these numbers were computed') + 1);
    // Each basis line starts at its label; what it wraps to hangs under it, and no word is split.
    expect(basis.filter((l) => !/^ {2}[a-zA-Z][\w ]*(\([^)]*\))?: |^ {4}\S/.test(l))).toEqual([]);
    const words = (text: string) => text.split(/\s+/).filter(Boolean);
    stubOneScan();
    const wide = await cli.run(['reports', 'trends', ...window], {
      env: authEnv({ NO_COLOR: '1', SECSCAN_PAGER: 'cat' }),
      stdoutTTY: true,
      columns: 1000,
    });
    const wideBasis = wide.stdout.slice(wide.stdout.indexOf('How these numbers were computed'));
    expect(words(basis.join(' '))).toEqual(words(wideBasis).slice(5));
  });

  it('a headline too long for the terminal keeps its columns, its words wrapped under its text', async () => {
    stubOneScan();
    const result = await cli.run(['reports', 'trends', ...window], {
      env: authEnv({ NO_COLOR: '1', SECSCAN_PAGER: 'cat' }),
      stdoutTTY: true,
      columns: 50,
    });
    const lines = result.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('  Open now'));
    expect(lines[at]).toMatch(/^ {2}Open now {5} {5}0 {3}critical 0 /);
    expect(lines[at + 1]).toMatch(/^ {24}\S/);
    expect(lines.slice(at, at + 3).filter((l) => l.length > 50)).toEqual([]);
  });

  it('--html writes the page and prints one notice, no report (with -o, the report too)', async () => {
    const page = join(dir, 'notice.html');
    stubOneScan();
    const result = await cli.run(['reports', 'trends', ...window, '--html', page], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Wrote .*notice\.html \(\d+(\.\d)? KiB\)\.\n$/);
    expect(readFileSync(page, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    stubOneScan();
    const both = await cli.run(['reports', 'trends', ...window, '--html', page, '-o', 'json'], {
      env: authEnv(),
    });
    expect(both.code).toBe(0);
    expect(JSON.parse(both.stdout).basis).toMatchObject({ apps: 1, scans: 1 });
  });

  it('an answer about another scan than the one asked for is exit 8', async () => {
    stubApps();
    cli
      .stub('ListAppVersions', { path: { appID: app.id } })
      .reply(200, ok([version('3', '2026-06-15T00:00:00Z')]));
    cli
      .stub('ListAppFindings', { path: { appID: app.id }, query: scanQuery('3') })
      .reply(200, ok({ scan: { id: '9', app: app.id, version: 'v9', successful: true }, findings: [] }));
    const result = await cli.run(['reports', 'trends', ...window], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(
      'error: ListAppFindings (payments-api): asked for scan 3, the answer lists scan 9',
    );
    expect(result.stdout).toBe('');
  });

  it('a scan without a date, or without a branch, is exit 8', async () => {
    stubApps();
    cli.stub('ListAppVersions', { path: { appID: app.id } }).reply(200, ok([version('3', 'yesterday')]));
    const undated = await cli.run(['reports', 'trends', ...window], { env: authEnv() });
    expect(undated.code).toBe(8);
    expect(undated.stderr).toContain('error: ListAppVersions (payments-api): scan 3 has no date');
    stubApps();
    cli
      .stub('ListAppVersions', { path: { appID: app.id } })
      .reply(200, ok([version('3', '2026-06-15T00:00:00Z', { is_default_branch: undefined })]));
    const branchless = await cli.run(['reports', 'trends', ...window], { env: authEnv() });
    expect(branchless.code).toBe(8);
    expect(branchless.stderr).toContain('says neither whether it is of the default branch nor its branch');
  });
});
