import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type RunningSandbox, startSandbox } from '@secscan/sandbox';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng, inkOf } from '../helpers/png.js';
import { parseXml, type XmlElement } from '../helpers/xml.js';
import { isolatedEnv, secscan } from './sandbox.js';

/*
 * A small history recorded at known dates, and what `reports trends` must make of it, worked out by hand.
 * The window is 2026-06-01 (a Monday) to 2026-07-06: five weeks. SLA: the defaults, but high = 20 days.
 *
 * alpha (team Web)
 *   S1 2026-05-25 10:00  A1 critical, A2 high appear           (before the window: the baseline)
 *   S2 2026-06-03 10:00  A3 medium appears                     new, week 06-01
 *   S3 2026-06-10 10:00  A3 gone                               fixed after 7 days
 *   S4 2026-06-17 10:00  A2 gone; A4 critical appears          fixed after 23 days (late: > 20); new
 *   S5 2026-07-01 10:00  A3 comes back                         reopened, week 06-29
 * beta (team Payments)
 *   S1 2026-06-02 12:00  B1 high, B2 high, B3 low appear       new (its first scan, in the window)
 *   S2 2026-06-09 12:00  B3 and B2 gone                        fixed after 7 days each
 *   S3 2026-07-02 12:00  B1 gone; B4 and B5 critical appear    fixed after 30 days (late); B4 new
 *   B5 is then marked ignored: left out of every number.
 * Open at the end (2026-07-06 00:00): A1 (41.58 days, critical: 34.58 over), A4 (18.58 days: 11.58 over),
 * A3 (back 4.58 days ago) and B4 (3.5 days): 4 open, 2 past their SLA.
 */

let sandbox: RunningSandbox;
const config = isolatedEnv();
let env: Record<string, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  sandbox = await startSandbox({
    apps: [
      { id: 'alpha', team: 'Web' },
      { id: 'beta', team: 'Payments' },
    ],
  });
  const scan = async (app: string, at: string, change: Record<string, unknown>, names: string[] = []) => {
    const result = await sandbox.scan({ app, at, ...change });
    names.forEach((name, i) => {
      ids[name] = result.new[i] as string;
    });
    return result;
  };
  await scan(
    'alpha',
    '2026-05-25T10:00:00Z',
    {
      new: [
        { severity: 'critical', count: 1 },
        { severity: 'high', count: 1 },
      ],
    },
    ['A1', 'A2'],
  );
  await scan(
    'beta',
    '2026-06-02T12:00:00Z',
    {
      new: [
        { severity: 'high', count: 2 },
        { severity: 'low', count: 1 },
      ],
    },
    ['B1', 'B2', 'B3'],
  );
  await scan('alpha', '2026-06-03T10:00:00Z', { new: [{ severity: 'medium', count: 1 }] }, ['A3']);
  expect((await scan('beta', '2026-06-09T12:00:00Z', { fix: 2 })).fixed).toEqual([ids.B3, ids.B2]);
  expect((await scan('alpha', '2026-06-10T10:00:00Z', { fix: 1 })).fixed).toEqual([ids.A3]);
  const s4 = await scan(
    'alpha',
    '2026-06-17T10:00:00Z',
    { fix: 1, new: [{ severity: 'critical', count: 1 }] },
    ['A4'],
  );
  expect(s4.fixed).toEqual([ids.A2]);
  expect((await scan('alpha', '2026-07-01T10:00:00Z', { reappear: 1 })).regressed).toEqual([ids.A3]);
  const s3 = await scan(
    'beta',
    '2026-07-02T12:00:00Z',
    { fix: 1, new: [{ severity: 'critical', count: 2 }] },
    ['B4', 'B5'],
  );
  expect(s3.fixed).toEqual([ids.B1]);
  const res = await fetch(`${sandbox.url}/api/v4/orgs/${sandbox.orgId}/apps/beta/findings/${ids.B5}/status`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'ignore' }),
  });
  expect(res.status).toBe(200);
  env = {
    ...config.env,
    SECSCAN_BASE_URL: sandbox.url,
    SECSCAN_ORG_ID: sandbox.orgId,
    SECSCAN_TOKEN: sandbox.token,
  };
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  config.cleanup();
});

const window = [
  '--app',
  'alpha',
  '--app',
  'beta',
  '--since',
  '2026-06-01',
  '--until',
  '2026-07-06',
  '--sla',
  'high=20d',
];
const sev = (critical: number, high: number, medium: number, low: number) => ({
  critical,
  high,
  medium,
  low,
  total: critical + high + medium + low,
});

describe('reports trends on a history worked out by hand', () => {
  it('-o json gives exactly the weekly new and fixed, the backlog, time to fix and SLA breaches', async () => {
    const run = await secscan(['reports', 'trends', ...window, '-o', 'json'], env);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const report = JSON.parse(String(run.stdout));
    expect(report.basis).toMatchObject({
      since: '2026-06-01T00:00:00.000Z',
      until: '2026-07-06T00:00:00.000Z',
      days: 35,
      apps: 2,
      scans: 7,
      sla_days: { critical: 7, high: 20, medium: 90, low: 180 },
      by: 'severity',
    });
    expect(report.summary).toEqual({
      open: sev(3, 0, 1, 0),
      open_at_start: sev(1, 1, 0, 0),
      new: 6,
      reopened: 1,
      fixed: 5,
      mean_days_to_fix: 14.8,
      median_days_to_fix: 7,
      open_past_sla: 2,
      fixed_late: 2,
    });
    expect(report.weekly).toEqual([
      {
        week: '2026-06-01',
        new: sev(0, 2, 1, 1),
        reopened: sev(0, 0, 0, 0),
        fixed: sev(0, 0, 0, 0),
        open: sev(1, 3, 1, 1),
      },
      {
        week: '2026-06-08',
        new: sev(0, 0, 0, 0),
        reopened: sev(0, 0, 0, 0),
        fixed: sev(0, 1, 1, 1),
        open: sev(1, 2, 0, 0),
      },
      {
        week: '2026-06-15',
        new: sev(1, 0, 0, 0),
        reopened: sev(0, 0, 0, 0),
        fixed: sev(0, 1, 0, 0),
        open: sev(2, 1, 0, 0),
      },
      {
        week: '2026-06-22',
        new: sev(0, 0, 0, 0),
        reopened: sev(0, 0, 0, 0),
        fixed: sev(0, 0, 0, 0),
        open: sev(2, 1, 0, 0),
      },
      {
        week: '2026-06-29',
        new: sev(1, 0, 0, 0),
        reopened: sev(0, 0, 1, 0),
        fixed: sev(0, 1, 0, 0),
        open: sev(3, 0, 1, 0),
      },
    ]);
    expect(report.weekly_by_severity).toEqual(report.weekly);
    expect(report.time_to_fix).toEqual({
      by_severity: [
        { group: 'critical', fixes: 0, mean_days: null, median_days: null },
        { group: 'high', fixes: 3, mean_days: 20, median_days: 23 },
        { group: 'medium', fixes: 1, mean_days: 7, median_days: 7 },
        { group: 'low', fixes: 1, mean_days: 7, median_days: 7 },
      ],
      by_app: [
        { group: 'alpha', team: 'Web', fixes: 2, mean_days: 15, median_days: 15 },
        { group: 'beta', team: 'Payments', fixes: 3, mean_days: 14.67, median_days: 7 },
      ],
      by_team: [
        { group: 'Payments', fixes: 3, mean_days: 14.67, median_days: 7 },
        { group: 'Web', fixes: 2, mean_days: 15, median_days: 15 },
      ],
    });
    expect(report.sla.by_severity).toEqual([
      { group: 'critical', sla_days: 7, open: 3, open_past_sla: 2, fixed: 0, fixed_late: 0 },
      { group: 'high', sla_days: 20, open: 0, open_past_sla: 0, fixed: 3, fixed_late: 2 },
      { group: 'medium', sla_days: 90, open: 1, open_past_sla: 0, fixed: 1, fixed_late: 0 },
      { group: 'low', sla_days: 180, open: 0, open_past_sla: 0, fixed: 1, fixed_late: 0 },
    ]);
    expect(report.sla.by_app).toEqual([
      { group: 'alpha', team: 'Web', open: 3, open_past_sla: 2, fixed: 2, fixed_late: 1 },
      { group: 'beta', team: 'Payments', open: 1, open_past_sla: 0, fixed: 3, fixed_late: 1 },
    ]);
    expect(report.sla.by_team).toEqual([
      { group: 'Payments', open: 1, open_past_sla: 0, fixed: 3, fixed_late: 1 },
      { group: 'Web', open: 3, open_past_sla: 2, fixed: 2, fixed_late: 1 },
    ]);
    expect(report.sla.breaches).toEqual([
      expect.objectContaining({
        app: 'alpha',
        team: 'Web',
        finding: ids.A1,
        severity: 'critical',
        open_since: '2026-05-25T10:00:00.000Z',
        age_days: 41.58,
        sla_days: 7,
        over_by_days: 34.58,
      }),
      expect.objectContaining({
        app: 'alpha',
        team: 'Web',
        finding: ids.A4,
        severity: 'critical',
        open_since: '2026-06-17T10:00:00.000Z',
        age_days: 18.58,
        sla_days: 7,
        over_by_days: 11.58,
      }),
    ]);
  });

  it('--by team groups the weekly numbers by team; csv has every number in long form', async () => {
    const byTeam = JSON.parse(
      String((await secscan(['reports', 'trends', ...window, '--by', 'team', '-o', 'json'], env)).stdout),
    );
    expect(
      byTeam.weekly.map((w: { week: string; new: object; fixed: object; open: object }) => [
        w.week,
        w.new,
        w.fixed,
        w.open,
      ]),
    ).toEqual([
      [
        '2026-06-01',
        { Payments: 3, Web: 1, total: 4 },
        { Payments: 0, Web: 0, total: 0 },
        { Payments: 3, Web: 3, total: 6 },
      ],
      [
        '2026-06-08',
        { Payments: 0, Web: 0, total: 0 },
        { Payments: 2, Web: 1, total: 3 },
        { Payments: 1, Web: 2, total: 3 },
      ],
      [
        '2026-06-15',
        { Payments: 0, Web: 1, total: 1 },
        { Payments: 0, Web: 1, total: 1 },
        { Payments: 1, Web: 2, total: 3 },
      ],
      [
        '2026-06-22',
        { Payments: 0, Web: 0, total: 0 },
        { Payments: 0, Web: 0, total: 0 },
        { Payments: 1, Web: 2, total: 3 },
      ],
      [
        '2026-06-29',
        { Payments: 1, Web: 0, total: 1 },
        { Payments: 1, Web: 0, total: 1 },
        { Payments: 1, Web: 3, total: 4 },
      ],
    ]);
    const csv = await secscan(['reports', 'trends', ...window, '-o', 'csv'], env);
    const lines = String(csv.stdout).trim().split('\n');
    expect(lines[0]).toBe('section,dimension,group,week,metric,value');
    expect(lines).toContain('summary,,,,mean_days_to_fix,14.8');
    expect(lines).toContain('weekly,severity,high,2026-06-08,fixed,1');
    expect(lines).toContain('time_to_fix,team,Payments,,mean_days,14.67');
    expect(lines).toContain('sla,app,alpha,,open_past_sla,2');
    expect(lines).toContain(`breach,finding,${ids.A1},,over_by_days,34.58`);
  });

  it('prints a summary with charts, in ASCII under TERM=dumb, and says what it was computed from', async () => {
    const text = String(
      (await secscan(['reports', 'trends', ...window, '-o', 'table'], { ...env, TERM: 'dumb' })).stdout,
    );
    expect(text).toContain('Security programme trends, 2026-06-01 to 2026-07-06 (35 days)');
    expect(text).toMatch(/Open now +4 +critical 3 · high 0 · medium 1 · low 0 \(\+2 in the window\)/);
    expect(text).toMatch(/Time to fix +mean 14.8 days, median 7 days \(5 fixes\)/);
    expect(text).toContain('fixed: present in one default-branch scan and absent from the next');
    expect(text).not.toMatch(/[▁-█]/);
    const unicode = String(
      (await secscan(['reports', 'trends', ...window, '-o', 'table'], { ...env, TERM: 'xterm' })).stdout,
    );
    expect(unicode).toMatch(/[▁-█]/);
    const markdown = String((await secscan(['report', 'trends', ...window, '-o', 'markdown'], env)).stdout);
    expect(markdown).toContain('## Security programme trends, 2026-06-01 to 2026-07-06');
    expect(markdown).toContain('| 2026-06-08 | 0 | 0 | 3 | 3 | 1 | 2 | 0 | 0 |');
  });
});

/** Debian's Chromium, headless, as scripts/ensure-tools.mjs installs it: no network, a profile of its own. */
async function chromium(args: string[], profile: string) {
  return execa(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      `--user-data-dir=${profile}`,
      ...args,
    ],
    { reject: false, timeout: 60_000 },
  );
}

function all(node: XmlElement, name: string): XmlElement[] {
  return [...(node.name === name ? [node] : []), ...node.children.flatMap((c) => all(c, name))];
}

describe('reports trends --html', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-trends-'));
  const page = join(dir, 'trends.html');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one page with no external reference, its SVG charts well-formed and drawn', async () => {
    const run = await secscan(['reports', 'trends', ...window, '--html', page, '-o', 'json'], env);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/^Wrote .*trends\.html \(\d+(\.\d)? KiB\)\.$/);
    const html = readFileSync(page, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    // Nothing loads from anywhere: no script, no element that fetches, no attribute that points away.
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed|audio|video|source|base|form)\b/i);
    expect(html).not.toMatch(/\s(src|href|xlink:href|srcset|action|poster|data|background)\s*=/i);
    expect(html).not.toMatch(/@import|@font-face|https?:|\/\/[a-z]/i);
    for (const [use] of html.matchAll(/url\([^)]*\)/g)) expect(use).toMatch(/^url\(#[\w-]+\)$/);
    expect(html).toContain('<h2 id="summary">Executive summary</h2>');
    expect(html.indexOf('Executive summary')).toBeLessThan(html.indexOf('<svg class="chart"'));
    const charts = [...html.matchAll(/<svg class="chart"[\s\S]*?<\/svg>/g)].map((m) => parseXml(m[0]));
    expect(charts).toHaveLength(4);
    for (const chart of charts) {
      const marks = [...all(chart, 'rect'), ...all(chart, 'polyline')].filter((e) =>
        e.name === 'polyline'
          ? (e.attributes.points ?? '').split(' ').length > 1
          : Number(e.attributes.width) > 0 && Number(e.attributes.height) > 0,
      );
      expect(marks.length, all(chart, 'title')[0]?.text).toBeGreaterThan(0);
    }
  });

  it('opens in headless Chromium: the DOM has the charts, the screenshot is not blank', async () => {
    const url = pathToFileURL(page).href;
    const dom = await chromium(['--dump-dom', url], join(dir, 'profile-dom'));
    expect(dom.exitCode, String(dom.stderr)).toBe(0);
    const svgs = [...String(dom.stdout).matchAll(/<svg class="chart"[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    expect(svgs).toHaveLength(4);
    for (const svg of svgs) expect(svg).toMatch(/<(rect class="bar"|polyline class="line")[^>]*>/);
    const png = join(dir, 'trends.png');
    const shot = await chromium(
      ['--window-size=900,2400', `--screenshot=${png}`, url],
      join(dir, 'profile-shot'),
    );
    expect(shot.exitCode, String(shot.stderr)).toBe(0);
    const image = decodePng(readFileSync(png));
    expect([image.width, image.height]).toEqual([900, 2400]);
    const ink = inkOf(image);
    // Text, bars and lines: a blank (or all-white) page has no dark pixels and one colour.
    expect(ink.dark).toBeGreaterThan(0.01);
    expect(ink.colours).toBeGreaterThan(16);
  }, 120_000);
});
