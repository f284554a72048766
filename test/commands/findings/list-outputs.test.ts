import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSast } from '../../helpers/gitlab.js';
import { authEnv, expectUsage, ok, ORG, useCli } from '../../helpers/cli.js';
import { finding } from './fixtures.js';
import { findingsDocument } from '../../../src/output/export/findings.js';
import { formatsOf } from '../../../src/output/export/spec.js';

const cli = useCli();
const formats = formatsOf(findingsDocument).join(', ');
/** The reports of a findings listing (each reads every page), from its spec. */
const reports = Object.keys(findingsDocument.reports);
const dir = mkdtempSync(join(tmpdir(), 'secscan-list-outputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const d = join(dir, `run-${n++}`);
  mkdirSync(d);
  return d;
};

const next = `/api/v4/orgs/${ORG}/apps/a/findings?page=2&per_page=250`;
const twoPages = (second: object = ok({ has_more: false, findings: [finding('3', { app: 'ledger' })] })) => {
  cli
    .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 250 } })
    .reply(
      200,
      ok({ has_more: true, findings: [finding('1'), finding('2', { severity: 'critical' })] }, next),
    );
  cli.stub('ListAppFindings', { path: { appID: 'a' }, query: { page: 2, per_page: 250 } }).reply(200, second);
};

describe('findings list: --out FORMAT=FILE usage errors (exit 2, no request)', () => {
  const d = fresh();
  it.each([
    [
      ['--out', 'xml=f.xml'],
      `invalid value for --out: "xml=f.xml" (expected FORMAT=FILE, FORMAT one of ${formats})`,
    ],
    [['--out', 'sarif'], `invalid value for --out: "sarif" (expected FORMAT=FILE, FORMAT one of ${formats})`],
    [['--out', `sarif=${d}`], `invalid value for --out: ${d} is a directory (name a file)`],
    [
      ['--out', `sarif=${d}/none/f.sarif`],
      `invalid value for --out: the directory of ${d}/none/f.sarif does not exist`,
    ],
    [['--out', `sarif=${d}/f`, '--out', `csv=${d}/f`], `--out and --out name the same file ${d}/f`],
    [['--out', 'json=-'], 'invalid value for --out: - is standard output (use -o FORMAT for it)'],
    [
      ['--sarif-category', 'x', '--out', `csv=${d}/f.csv`],
      '--sarif-category needs -o sarif or --out sarif=FILE',
    ],
  ])('%j', async (extra, message) => {
    expectUsage(
      await cli.run(['findings', 'list', '--app', 'a', ...extra], { env: authEnv() }),
      message,
      cli,
    );
  });
});

describe('findings list: the reports CI services read', () => {
  it('-o codequality: a Code Quality array, one issue a finding', async () => {
    twoPages();
    const r = await cli.run(['findings', 'list', '--app', 'a', '--all', '-o', 'codequality'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    const issues = JSON.parse(r.stdout);
    expect(issues.map((i: { severity: string }) => i.severity)).toEqual(['critical', 'blocker', 'critical']);
    expect(issues[0].location).toEqual({ path: 'src/a.java', lines: { begin: 3, end: 3 } });
  });

  it('-o gitlab-sast: the SAST report, one vulnerability a finding', async () => {
    twoPages();
    const r = await cli.run(['findings', 'list', '--app', 'a', '--all', '-o', 'gitlab-sast'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.version).toBe('15.0.7');
    expect(report.vulnerabilities.map((v: { severity: string }) => v.severity)).toEqual([
      'High',
      'Critical',
      'High',
    ]);
    expect(report.scan.status).toBe('success');
  });

  it('--out writes every format from the one listing: the same findings in each, the pages read once', async () => {
    twoPages();
    const d = fresh();
    const r = await cli.run(
      [
        'findings',
        'list',
        '--app',
        'a',
        '--all',
        '-o',
        'ndjson',
        ...['--out', `sarif=${d}/f.sarif`, '--out', `codequality=${d}/cq.json`],
        ...['--out', `gitlab-sast=${d}/sast.json`, '--out', `csv=${d}/f.csv`, '--out', `json=${d}/f.json`],
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(cli.calls()).toHaveLength(2);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id);
    expect(ids).toEqual(['1', '2', '3']);
    const read = (f: string) => JSON.parse(readFileSync(join(d, f), 'utf8'));
    const sarif = read('f.sarif');
    // An app's listing is one run, whatever apps its findings name.
    expect(sarif.runs).toHaveLength(1);
    expect(
      sarif.runs[0].results.map((x: { properties: { finding_id: string } }) => x.properties.finding_id),
    ).toEqual(ids);
    expect(read('cq.json')).toHaveLength(3);
    expect(read('sast.json').vulnerabilities).toHaveLength(3);
    expect(read('f.json').map((f: { id: string }) => f.id)).toEqual(ids);
    expect(readFileSync(join(d, 'f.csv'), 'utf8').trim().split('\n')).toHaveLength(4);
    expect(readdirSync(d).sort()).toEqual(['cq.json', 'f.csv', 'f.json', 'f.sarif', 'sast.json']);
  });

  it.each(reports)(
    '-o %s without --all reads every page: a report is the whole answer, and says nothing more',
    async (format) => {
      twoPages();
      const r = await cli.run(['findings', 'list', '--app', 'a', '-o', format], { env: authEnv() });
      expect(r.code).toBe(0);
      expect(cli.calls()).toHaveLength(2);
      expect(r.stderr).toBe('');
      const report = JSON.parse(r.stdout);
      const count =
        format === 'sarif'
          ? report.runs[0].results.length
          : format === 'codequality'
            ? report.length
            : report.vulnerabilities.length;
      expect(count).toBe(3);
      if (format === 'sarif') expect(report.runs[0].properties).toBeUndefined();
      if (format === 'gitlab-sast') expect(report.scan.messages).toBeUndefined();
    },
  );

  it('--out of a report reads every page for every output of the run; -o json alone stays one page', async () => {
    twoPages();
    const d = fresh();
    const r = await cli.run(['findings', 'list', '--app', 'a', '-o', 'json', '--out', `sarif=${d}/f.sarif`], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(3);
    expect(JSON.parse(readFileSync(join(d, 'f.sarif'), 'utf8')).runs[0].results).toHaveLength(3);
    cli
      .stub('ListAppFindings', { path: { appID: 'a' } })
      .reply(200, ok({ has_more: true, findings: [finding('1'), finding('2')] }, next));
    const paged = await cli.run(['findings', 'list', '--app', 'a', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(paged.stdout)).toHaveLength(2);
  });

  it('--limit cuts a report short on request: SARIF says so in its run, stderr too, exit 0', async () => {
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 2 } })
      .reply(200, ok({ has_more: true, findings: [finding('1'), finding('2')] }, next));
    const d = fresh();
    const r = await cli.run(
      [
        'findings',
        'list',
        '--app',
        'a',
        '--limit',
        '2',
        '-o',
        'sarif',
        '--out',
        `gitlab-sast=${d}/sast.json`,
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    const said =
      'the report holds only the first 2 findings (--limit 2): the service has more findings (without --limit, every page is read)';
    expect(r.stderr).toBe(`warning: sarif: ${said}\nwarning: ${d}/sast.json: gitlab-sast: ${said}\n`);
    const [run] = JSON.parse(r.stdout).runs;
    expect(run.results).toHaveLength(2);
    expect(run.properties).toEqual({ truncated: true, truncation: said });
    expect(run.invocations[0]).toEqual({
      executionSuccessful: true,
      toolExecutionNotifications: [{ level: 'warning', message: { text: said } }],
    });
    const sast = JSON.parse(readFileSync(join(d, 'sast.json'), 'utf8'));
    expect(validateSast(sast), JSON.stringify(validateSast.errors)).toBe(true);
    expect(sast.scan.messages).toEqual([{ level: 'warn', value: said }]);
    expect(sast.scan.status).toBe('success');
  });

  it('--limit in Code Quality: an info entry at the CI configuration, after the findings', async () => {
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 1 } })
      .reply(200, ok({ has_more: true, findings: [finding('1')] }, next));
    const r = await cli.run(['findings', 'list', '--app', 'a', '--limit', '1', '-o', 'codequality'], {
      env: authEnv({ CI_CONFIG_PATH: 'ci/main.yml' }),
    });
    expect(r.code).toBe(0);
    const issues = JSON.parse(r.stdout);
    expect(issues).toHaveLength(2);
    expect(issues[1]).toMatchObject({
      check_name: 'secscan/report-truncated',
      severity: 'info',
      location: { path: 'ci/main.yml', lines: { begin: 1, end: 1 } },
    });
    expect(issues[1].description).toContain('holds only the first finding (--limit 1)');
  });

  it('--limit above what the service has, or --page of the last page: the whole answer, nothing said', async () => {
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { per_page: 5 } })
      .reply(200, ok({ has_more: false, findings: [finding('1'), finding('2')] }));
    const r = await cli.run(['findings', 'list', '--app', 'a', '--limit', '5', '-o', 'sarif'], {
      env: authEnv(),
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).runs[0].properties).toBeUndefined();
    cli
      .stub('ListAppFindings', { path: { appID: 'a' }, query: { page: 2 } })
      .reply(200, ok({ has_more: true, findings: [finding('3')] }));
    const p = await cli.run(['findings', 'list', '--app', 'a', '--page', '2', '-o', 'gitlab-sast'], {
      env: authEnv(),
    });
    expect(p.code).toBe(0);
    expect(p.stderr).toBe(
      'warning: gitlab-sast: the report holds only page 2 of the listing (--page 2): the service has more findings (without --page, every page is read)\n',
    );
  });

  it('a listing that fails part-way leaves no file that looks complete, and no temporary file', async () => {
    twoPages(ok({ has_more: false, findings: 'not a list' }));
    const d = fresh();
    const r = await cli.run(
      [
        'findings',
        'list',
        '--app',
        'a',
        '--all',
        '-o',
        'ndjson',
        '--out',
        `sarif=${d}/f.sarif`,
        '--out',
        `csv=${d}/f.csv`,
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(8);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(readdirSync(d)).toEqual([]);
    expect(existsSync(join(d, 'f.sarif'))).toBe(false);
  });

  it('--sarif-category with --out sarif=FILE names the runs; at compound level one run per app', async () => {
    cli
      .stub('ListCompoundFindings', { path: { compoundName: 'shop' }, query: { per_page: 250 } })
      .reply(200, ok({ has_more: false, findings: [finding('1'), finding('2', { app: 'ledger' })] }));
    const d = fresh();
    const r = await cli.run(
      [
        'findings',
        'list',
        '--compound',
        'shop',
        '--out',
        `sarif=${d}/f.sarif`,
        '--sarif-category',
        'sast/shop',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    const log = JSON.parse(readFileSync(join(d, 'f.sarif'), 'utf8'));
    expect(log.runs.map((run: { automationDetails: { id: string } }) => run.automationDetails.id)).toEqual([
      'sast/shop/shop-api/',
      'sast/shop/ledger/',
    ]);
  });
});
