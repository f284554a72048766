import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, json, ORG, ok, useCli } from '../helpers/cli.js';

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-scans-cmd-'));
const rules = join(dir, 'rules.yml');
writeFileSync(
  rules,
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
);
const check = `${API}/orgs/${ORG}/apps/shop/scans/check`;

const summary = (matched: number, over: number) => ({
  matched,
  reachable: matched,
  over_threshold: over,
  by_tag: { severity: { critical: matched } },
  findings: matched
    ? [
        {
          id: 7,
          title: 'SQL <Injection> & "quotes"',
          tags: {
            severity: ['critical'],
            app: ['payments-api'],
            category: ['SQL Injection'],
            file: ['a.go'],
            line: ['3'],
          },
        },
      ]
    : [],
});

describe('scans: parse errors (exit 2, no request)', () => {
  it.each([
    [['scans', 'check', '--rules', rules], '--compound is required (see `secscan compounds list`)'],
    [['scans', 'check', '--compound', 'shop'], 'give exactly one of --rules FILE or --policy NAME[:TAG]'],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--policy', 'p'],
      'give exactly one of --rules FILE or --policy NAME[:TAG]',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--policy', 'a b'],
      'invalid value for --policy: "a b" (expected NAME or NAME:TAG)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--kind', 'all'],
      'invalid value for --kind: "all" (choose from single, diff)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--fail-on', 'new'],
      'invalid value for --fail-on: "new" (choose from threshold, none)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--num-findings', '-1'],
      'invalid value for --num-findings: "-1" (expected a whole number from 0 to 100)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--report-junit', '/nonexistent/dir/j.xml'],
      'invalid value for --report-junit: the directory of /nonexistent/dir/j.xml does not exist',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--report-junit', rules],
      `--report-junit would overwrite the --rules file ${rules}`,
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--fields', 'rule,color'],
      'unknown field "color" for --fields (choose from rule, matched, reachable, threshold, over, result)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '-o', 'xml'],
      'invalid value for -o, --output: "xml" (choose from table, tsv, json, ndjson, yaml, csv, junit, markdown, sarif)',
    ],
    [
      ['scans', 'compare', '--app', 'a'],
      'give one pair: --source REF --target REF, --source-branch B --target-branch B, or --source-scan N --target-scan N',
    ],
    [['scans', 'compare', '--app', 'a', '--source', 'scan.1'], '--target is required with --source'],
    [
      ['scans', 'compare', '--app', 'a', '--source', 'scan.1', '--target', 'branch=main'],
      'invalid value for --target: "branch=main" (expected scan.N or tag.KEY=VALUE, e.g. scan.1042 or tag.branch=main)',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source', 'scan.1', '--target', 'scan.2', '--source-scan', '3'],
      'give one pair: --source REF --target REF, --source-branch B --target-branch B, or --source-scan N --target-scan N',
    ],
    [
      ['scans', 'compare', '--app', 'a', '--source-scan', 'x', '--target-scan', '2'],
      'invalid --source-scan "x": expected a scan id (a number)',
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
    [['scans', 'list'], '--app is required'],
    [
      ['scans', 'list', '--app', 'a', '--limit', '51'],
      'invalid value for --limit: "51" (expected a whole number from 1 to 50)',
    ],
    [
      ['scans', 'list', '--app', 'a', '--tag', 'branch'],
      'invalid value for --tag: "branch" (expected KEY=VALUE, e.g. branch=main)',
    ],
    [['scans', 'show', '--app', 'a', 'latest'], 'invalid scan id "latest": expected a scan id (a number)'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans check: runs against a stub', () => {
  it('posts the check body, prints the rows and exits 1 on a breach after writing the reports', async () => {
    cli.api.intercept({ path: check, method: 'POST' }).reply(
      200,
      ok({
        source: { id: 4 },
        target: { id: 5 },
        rules: { 'no-critical': summary(1, 1) },
        totals: summary(1, 1),
      }),
      json,
    );
    const junit = join(dir, 'junit.xml');
    const r = await cli.run(
      [
        'scans',
        'check',
        '--compound',
        'shop',
        '--rules',
        rules,
        '--target-branch',
        'feat',
        '--num-findings',
        '3',
        '--report-junit',
        junit,
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('no-critical\t1\t1\t0\t1\tFAIL\n');
    expect(r.stderr).toBe(
      'Gate failed: 1 of 1 rule(s) over threshold: no-critical (1 matched, threshold 0)\n',
    );
    expect(cli.calls()[0]?.body).toEqual({
      version: 2,
      meta: { kind: 'diff', num_findings: 3 },
      target: { branch: 'feat' },
      rules: [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }],
    });
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain(
      '#7 [critical] SQL &lt;Injection&gt; &amp; &quot;quotes&quot; (payments-api a.go:3)',
    );
  });

  it('fails closed: an answer without a rule it was asked is exit 8, never a pass', async () => {
    cli.api.intercept({ path: check, method: 'POST' }).reply(200, ok({ target: { id: 5 }, rules: {} }), json);
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', rules], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stderr).toBe('error: CheckScans: the answer has no result for rule no-critical\n');
  });

  it('a stored policy is resolved first, and a 404 for it is exit 5', async () => {
    const policy = `${API}/orgs/${ORG}/checkanalysis/policies/default%3A2`;
    cli.api
      .intercept({ path: policy, method: 'GET' })
      .reply(200, 'rules:\n  - id: no-critical\n    tags: {severity: [critical]}\n', {
        headers: { 'content-type': 'application/yaml' },
      });
    cli.api
      .intercept({ path: check, method: 'POST' })
      .reply(200, ok({ target: { id: 5 }, rules: { 'no-critical': summary(0, 0) } }), json);
    const r = await cli.run(
      ['scans', 'check', '--compound', 'shop', '--policy', 'default:2', '-o', 'markdown'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('### ✅ Security gate passed: shop');
    cli.api
      .intercept({ path: policy, method: 'GET' })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such policy' }, json);
    const missing = await cli.run(['scans', 'check', '--compound', 'shop', '--policy', 'default:2'], {
      env: authEnv(),
    });
    expect(missing.code).toBe(5);
  });

  it('a malformed policy from the service is exit 3 with its line', async () => {
    const policy = `${API}/orgs/${ORG}/checkanalysis/policies/broken`;
    cli.api
      .intercept({ path: policy, method: 'GET' })
      .reply(200, 'rules:\n  - id: a\n    threshold: many\n', {
        headers: { 'content-type': 'application/yaml' },
      });
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--policy', 'broken'], {
      env: authEnv(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: policy broken:3: rules\[0\]\.threshold: /);
  });
});

describe('scans compare: runs against a stub', () => {
  it('resolves branches to their latest scans and fails on new findings at or above the threshold', async () => {
    const scans = `${API}/orgs/${ORG}/apps/pay/scans`;
    cli.api
      .intercept({ path: `${scans}?tags=branch%3Dmain&limit=50`, method: 'GET' })
      .reply(200, ok({ scans: [{ id: '10', successful: true }] }), json);
    cli.api.intercept({ path: `${scans}?tags=branch%3Dfeat&limit=50`, method: 'GET' }).reply(
      200,
      ok({
        scans: [
          { id: '12', successful: false },
          { id: '11', successful: true },
        ],
      }),
      json,
    );
    cli.api.intercept({ path: `${scans}/compare?source=scan.10&target=scan.11`, method: 'GET' }).reply(
      200,
      ok({
        new: [
          { id: '1', severity: 'medium', regression: true },
          { id: '2', severity: 'low' },
        ],
        fixed: [{ id: '3', severity: 'high' }],
        common: [],
      }),
      json,
    );
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
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('new (regression)\t1\nnew\t2\nfixed\t3\n');
    expect(r.stderr).toContain('pay: scan.10 -> scan.11: 2 new (1 regression), 1 fixed, 0 common');
  });
});
