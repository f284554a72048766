import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const pay = { appID: 'pay' };
const scan = (id: string, successful: boolean) => ({ id, app: 'pay', version: `v${id}`, successful });
const onePair =
  'give one pair: --source REF --target REF, --source-branch B --target-branch B, or --source-scan N --target-scan N';

const diff = {
  source: { id: '1' },
  target: { id: '2' },
  new: [
    { id: '1', severity: 'medium', regression: true },
    { id: '2', severity: 'low' },
  ],
  fixed: [{ id: '3', severity: 'high' }],
  common: [{ id: '4', severity: 'critical' }],
};

describe('scans compare: usage errors (exit 2, no request)', () => {
  it.each([
    [['scans', 'compare', '--source', 'scan.1', '--target', 'scan.2'], '--app is required'],
    [['scans', 'compare', '--app', 'a'], onePair],
    [['scans', 'compare', '--app', 'a', '--source', 'scan.1'], '--target is required with --source'],
    [
      ['scans', 'compare', '--app', 'a', '--target-branch', 'feat'],
      '--source-branch is required with --target-branch',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source', 'scan.1', '--target', 'branch=main'],
      'invalid value for --target: "branch=main" (expected scan.N or tag.KEY=VALUE, e.g. scan.1042 or tag.branch=main)',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source', 'tag.branch', '--target', 'scan.1'],
      'invalid value for --source: "tag.branch" (expected scan.N or tag.KEY=VALUE, e.g. scan.1042 or tag.branch=main)',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source', 'scan.1', '--target', 'scan.2', '--source-scan', '3'],
      '--source and --source-scan cannot be used together',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source-branch', 'main', '--target-scan', '3'],
      '--source-branch and --target-scan cannot be used together',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source-scan', 'x', '--target-scan', '2'],
      'invalid value for --source-scan: "x" (expected a scan id (a number))',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source-branch', '', '--target-branch', 'feat'],
      '--source-branch must not be empty',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source-scan', '1', '--target-scan', '2', '--fail-on', 'all'],
      'invalid value for --fail-on: "all" (choose from new, regression)',
    ],
    [
      [
        'scans',
        'compare',
        '--app',
        'a',
        '--source-scan',
        '1',
        '--target-scan',
        '2',
        '--fail-on',
        'new',
        '--severity-threshold',
        'severe',
      ],
      'invalid value for --severity-threshold: "severe" (choose from low, medium, high, critical)',
    ],
    [
      [
        'scans',
        'compare',
        '--app',
        'a',
        '--source-scan',
        '1',
        '--target-scan',
        '2',
        '--severity-threshold',
        'high',
      ],
      '--severity-threshold needs --fail-on new or --fail-on regression',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans compare', () => {
  it('resolves branches to their latest scans and fails on new findings at or above the threshold', async () => {
    cli
      .stub('ListScans', { path: pay, query: { tags: ['branch=main'], limit: 50 } })
      .reply(200, ok({ scans: [scan('10', true)] }), json);
    cli.stub('ListScans', { path: pay, query: { tags: ['branch=feat'], limit: 50 } }).reply(
      200,
      ok({
        scans: [scan('12', false), scan('11', true)],
      }),
      json,
    );
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.10', target: 'scan.11' } })
      .reply(200, ok({ ...diff, source: { id: '10' }, target: { id: '11' }, common: [] }), json);
    const r = await cli.run(
      [
        'scans',
        'compare',
        '--app',
        'pay',
        '--source-branch',
        'main',
        '--target-branch',
        'feat',
        '--fail-on',
        'regression',
        '--severity-threshold',
        'medium',
        '--fields',
        'diff,id',
        '-o',
        'tsv',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('new (regression)\t1\nnew\t2\nfixed\t3\n');
    expect(r.stderr).toContain('pay: scan.10 -> scan.11: 2 new (1 regression), 1 fixed, 0 common');
    expect(r.stderr).toContain('Gate failed: 1 regression(s) of severity medium or above.');
  });

  it('passes the gate when no new finding reaches the threshold, and lists common findings with --common', async () => {
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'tag.branch=main', target: 'scan.11' } })
      .reply(200, ok({ ...diff, target: { id: '11' } }), json);
    const r = await cli.run(
      [
        'scans',
        'compare',
        '--app',
        'pay',
        '--source',
        'tag.branch=main',
        '--target',
        'scan.11',
        '--fail-on',
        'new',
        '--severity-threshold',
        'high',
        '--common',
        '--fields',
        'diff,id,severity',
        '-o',
        'tsv',
      ],
      { env: authEnv() },
    );
    expect(r).toEqual({
      code: 0,
      stdout: 'new (regression)\t1\tmedium\nnew\t2\tlow\nfixed\t3\thigh\ncommon\t4\tcritical\n',
      stderr: 'pay: tag.branch=main -> scan.11: 2 new (1 regression), 1 fixed, 1 common\n',
    });
  });

  it('prints the answer with its counts as JSON, and exits 1 on any new finding with --fail-on new', async () => {
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.1', target: 'scan.2' } })
      .reply(200, ok(diff), json);
    const r = await cli.run(
      [
        'scans',
        'compare',
        '--app',
        'pay',
        '--source-scan',
        '1',
        '--target-scan',
        '2',
        '--fail-on',
        'new',
        '-o',
        'json',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      ...diff,
      counts: { new: 2, regressions: 1, fixed: 1, common: 1 },
    });
    expect(r.stderr).toContain('Gate failed: 2 new finding(s).');
  });

  it('a branch without a successful scan is nothing to evaluate (exit 5)', async () => {
    cli
      .stub('ListScans', { path: pay, query: { tags: ['branch=main'], limit: 50 } })
      .reply(200, ok({ scans: [scan('10', true)] }), json);
    cli
      .stub('ListScans', { path: pay, query: { tags: ['branch=nope'], limit: 50 } })
      .reply(200, ok({ scans: [scan('9', false)] }), json);
    const r = await cli.run(
      ['scans', 'compare', '--app', 'pay', '--source-branch', 'main', '--target-branch', 'nope'],
      { env: authEnv() },
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'error: app pay has no successful scan on branch nope\nhint: see `secscan scans list --app pay`\n',
    );
  });

  it('in a CI log (no -o, stdout not a terminal) prints the table with its header', async () => {
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.1', target: 'scan.2' } })
      .reply(200, ok(diff), json);
    const r = await cli.run(
      ['scans', 'compare', '--app', 'pay', '--source-scan', '1', '--target-scan', '2'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^DIFF\s+ID\s+SEVERITY/);
    expect(r.stdout).not.toMatch(/\u001b/);
  });

  it('a new finding of a missing or undocumented severity counts against --severity-threshold', async () => {
    const odd = { ...diff, new: [{ id: '8', severity: 'info' }, { id: '9' }], fixed: [], common: [] };
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.1', target: 'scan.2' } })
      .reply(200, ok(odd), json);
    const r = await cli.run(
      [
        'scans',
        'compare',
        '--app',
        'pay',
        '--source-scan',
        '1',
        '--target-scan',
        '2',
        '--fail-on',
        'new',
        '--severity-threshold',
        'critical',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Gate failed: 2 new finding(s) of severity critical or above.');
  });
});
