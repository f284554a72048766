import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubBaseline } from '../../helpers/baseline.js';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

/**
 * A diff gate's baseline: the merge target in CI, else the default branch; flags and the rules file name
 * another; `--baseline none` counts everything. Every output names it, and a gate without one is exit 10.
 */
const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-check-baseline-'));
const rules = join(dir, 'rules.yml');
writeFileSync(rules, 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n');
const shop = { path: { compoundName: 'shop' } };
const gate = ['scans', 'check', '--compound', 'shop', '--rules', rules];
const summary = (matched: number) => ({
  matched,
  reachable: matched,
  over_threshold: matched,
  findings: matched
    ? [
        {
          id: 7,
          title: 'SQL Injection',
          tags: { severity: ['critical'], app: ['pay'], file: ['a.go'], line: ['3'] },
        },
      ]
    : [],
});
const answer = (source: number | undefined, matched = 1) =>
  ok({
    ...(source === undefined ? {} : { source: { id: source } }),
    target: { id: 5 },
    rules: { 'no-critical': summary(matched) },
  });
const sent = () => cli.calls().find((c) => c.method === 'POST')?.body as Record<string, unknown>;

describe('scans check: the baseline, usage errors (exit 2, no request)', () => {
  it.each([
    [[...gate, '--baseline', 'main'], 'invalid value for --baseline: "main" (choose from none)'],
    [
      [...gate, '--baseline', 'none', '--source-branch', 'main'],
      '--source-branch and --baseline cannot be used together',
    ],
    [
      [...gate, '--source-scan', '4', '--source-branch', 'main'],
      '--source-branch and --source-scan cannot be used together',
    ],
    [
      [...gate, '--source-scan', 'last'],
      'invalid value for --source-scan: "last" (expected a scan id (a number))',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans check: the baseline is the merge target in CI', () => {
  it.each([
    ['GITHUB_BASE_REF', 'main', 'main'],
    ['CI_MERGE_REQUEST_TARGET_BRANCH_NAME', 'develop', 'develop'],
    ['SYSTEM_PULLREQUEST_TARGETBRANCH', 'refs/heads/release/2', 'release/2'],
    ['BITBUCKET_PR_DESTINATION_BRANCH', 'trunk', 'trunk'],
  ])('%s=%s: its branch is the source, no default branch is read', async (variable, value, branch) => {
    cli.stub('CheckScans', shop).reply(200, answer(4), json);
    stubBaseline(cli, { defaultBranch: false, branch });
    const r = await cli.run([...gate, '-o', 'json'], { env: authEnv({ [variable]: value }) });
    expect(r.code).toBe(1);
    expect(sent().source).toEqual({ branch });
    expect(r.stderr).toBe(
      'Gate failed: 1 of 1 rule(s) over threshold: no-critical (1 matched, threshold 0)\n' +
        `Scan 5: findings new since scan 4 of ${branch}, abc1234 (baseline: the merge target, $${variable}).\n`,
    );
    expect(JSON.parse(r.stdout).baseline).toEqual({
      scan: 4,
      branch,
      version: 'abc1234def5678abc1234def5678abc1234def56',
      from: `the merge target, $${variable}`,
      text: `findings new since scan 4 of ${branch}, abc1234 (baseline: the merge target, $${variable})`,
    });
  });

  it('--source-branch and the rules file’s source win over the merge target', async () => {
    cli.stub('CheckScans', shop).reply(200, answer(4, 0), json);
    stubBaseline(cli, { defaultBranch: false, branch: 'develop' });
    const flag = await cli.run([...gate, '--source-branch', 'develop'], {
      env: authEnv({ GITHUB_BASE_REF: 'main' }),
    });
    expect(flag.code).toBe(0);
    expect(sent().source).toEqual({ branch: 'develop' });
    const file = join(dir, 'sourced.yml');
    writeFileSync(file, 'source: {branch: stable}\nrules:\n  - id: no-critical\n');
    cli.stub('CheckScans', shop).reply(200, answer(4, 0), json);
    stubBaseline(cli, { defaultBranch: false, branch: 'stable' });
    const sourced = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', file], {
      env: authEnv({ GITHUB_BASE_REF: 'main' }),
    });
    expect(sourced.stdout).toContain(
      `Scan 5: findings new since scan 4 of stable, abc1234 (baseline: the source of ${file}).`,
    );
  });

  it('outside a pull request: the default branch (the compound’s first app’s), read from the service', async () => {
    stubBaseline(cli, { branch: 'trunk' });
    cli.stub('CheckScans', shop).reply(200, answer(4, 0), json);
    const r = await cli.run(gate, { env: authEnv({ GITHUB_BASE_REF: '' }) });
    expect(r.code).toBe(0);
    expect(sent().source).toEqual({ branch: 'trunk' });
    expect(r.stdout).toContain(
      'Scan 5: findings new since scan 4 of trunk, abc1234 (baseline: the default branch).',
    );
  });

  it('--source-scan: that scan, named from the listing; an answer comparing another is exit 8', async () => {
    cli.stub('CheckScans', shop).reply(200, answer(4, 0), json);
    stubBaseline(cli, { defaultBranch: false, listBranch: undefined });
    const r = await cli.run([...gate, '--source-scan', '4'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(sent().source).toEqual({ scan: 4 });
    expect(r.stdout).toContain('Scan 5: findings new since scan 4, abc1234 (baseline: --source-scan).');
    cli.stub('CheckScans', shop).reply(200, answer(3, 0), json);
    const other = await cli.run([...gate, '--source-scan', '4'], { env: authEnv() });
    expect(other.code).toBe(8);
    expect(other.stderr).toContain(
      'error: CheckScans: the service compared with scan 3 instead of the baseline scan 4 it was given',
    );
  });

  it('a baseline scan that cannot be read is named by its id, with a warning; the verdict stands', async () => {
    cli.stub('CheckScans', shop).reply(200, answer(4), json);
    cli
      .stub('ListScansInCompound', { ...shop, query: { archived: true, limit: 50, branch: 'main' } })
      .reply(403, { ok: false, code: 'FORBIDDEN', message: 'missing scope scans:read' }, json);
    const r = await cli.run(gate, { env: authEnv({ GITHUB_BASE_REF: 'main' }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('warning: cannot read the baseline scan 4 of shop: ');
    expect(r.stdout).toContain(
      'Scan 5: findings new since scan 4 of main (baseline: the merge target, $GITHUB_BASE_REF).',
    );
  });
});

describe('scans check: no baseline is exit 10, --baseline none counts everything', () => {
  const sentence =
    'no baseline: no scan of main for shop; pass --baseline none to count every finding as new';

  it('a baseline branch without a completed scan: exit 10 with the sentence, in every report', async () => {
    cli
      .stub('CheckScans', shop)
      .reply(
        404,
        { ok: false, code: 'NOT_FOUND', message: 'source: no completed scan on branch main' },
        json,
      );
    cli
      .stub('ListScansInCompound', {
        ...shop,
        query: { branch: 'main', status: 'completed', archived: true, limit: 1 },
      })
      .reply(200, ok({ scans: [] }), json);
    const md = join(dir, 'none.md');
    const r = await cli.run([...gate, '--report-markdown', md, '--report-json', `${md}.json`], {
      env: authEnv({ GITHUB_BASE_REF: 'main' }),
    });
    expect(r.code).toBe(10);
    expect(r.stderr).toBe(
      `error: ${sentence}\n` +
        'hint: the baseline is the merge target, $GITHUB_BASE_REF; name another with --source-branch BRANCH or --source-scan ID\n',
    );
    expect(readFileSync(md, 'utf8')).toContain('no baseline: no scan of main for shop; pass --baseline none');
    expect(JSON.parse(readFileSync(`${md}.json`, 'utf8'))).toMatchObject({
      evaluated: false,
      error: { code: 'NOT_READY', message: sentence, exit_code: 10 },
    });
  });

  it('a 404 about something else stands: exit 5', async () => {
    cli
      .stub('CheckScans', shop)
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'target: no completed scan on branch x' }, json);
    cli
      .stub('ListScansInCompound', {
        ...shop,
        query: { branch: 'main', status: 'completed', archived: true, limit: 1 },
      })
      .reply(200, ok({ scans: [{ id: '4', app: 'shop', version: 'v', successful: true }] }), json);
    const r = await cli.run([...gate, '--target-branch', 'x'], { env: authEnv({ GITHUB_BASE_REF: 'main' }) });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('target: no completed scan on branch x');
  });

  it('an answer with no source scan (the branch has none before the target): exit 10, never "all new"', async () => {
    cli.stub('CheckScans', shop).reply(200, answer(undefined), json);
    const r = await cli.run(gate, { env: authEnv({ GITHUB_BASE_REF: 'main' }) });
    expect(r.code).toBe(10);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: no baseline: no scan of main for shop before scan 5; pass --baseline none to count every finding as new',
    );
  });

  it('--baseline none: a single check, no baseline read, and every output says so', async () => {
    cli.stub('CheckScans', shop).reply(200, answer(undefined), json);
    const out = mkdtempSync(join(dir, 'none-'));
    const r = await cli.run(
      [
        ...gate,
        '--baseline',
        'none',
        '--report-sarif',
        `${out}/r.sarif`,
        '--report-gitlab-sast',
        `${out}/sast.json`,
        '--report-codequality',
        `${out}/cq.json`,
        '--report-markdown',
        `${out}/r.md`,
        '--report-junit',
        `${out}/r.xml`,
      ],
      { env: authEnv({ GITHUB_BASE_REF: 'main' }) },
    );
    expect(r.code).toBe(1);
    expect(cli.calls()).toHaveLength(1);
    expect(sent()).toMatchObject({ meta: { kind: 'single' } });
    expect(sent().source).toBeUndefined();
    const scope = 'Scan 5: every finding counted as new (--baseline none: no baseline).';
    expect(r.stdout).toContain(`\n${scope}\n`);
    expect(
      JSON.parse(readFileSync(`${out}/r.sarif`, 'utf8')).runs[0].automationDetails.description.text,
    ).toBe(scope);
    expect(JSON.parse(readFileSync(`${out}/sast.json`, 'utf8')).scan.messages).toEqual([
      { level: 'info', value: scope },
    ]);
    expect(JSON.parse(readFileSync(`${out}/cq.json`, 'utf8'))[0].description).toBe(
      'SQL Injection (critical; finding 7 of pay; every finding counted as new (--baseline none: no baseline))',
    );
    expect(readFileSync(`${out}/r.md`, 'utf8')).toContain(
      'Scan 5: every finding counted as new (--baseline none: no baseline).',
    );
    expect(readFileSync(`${out}/r.xml`, 'utf8')).toContain(
      '<property name="baseline" value="every finding counted as new (--baseline none: no baseline)"/>',
    );
  });
});
