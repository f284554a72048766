import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubBaseline } from '../../helpers/baseline.js';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';
import { gateDocument } from '../../../src/output/export/gate.js';
import { formatsOf } from '../../../src/output/export/spec.js';

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-scans-cmd-'));
const rules = join(dir, 'rules.yml');
writeFileSync(
  rules,
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
);
const shop = { path: { compoundName: 'shop' } };
const yamlMedia = { headers: { 'content-type': 'application/yaml' } };

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

const breached = ok({
  source: { id: 4 },
  target: { id: 5 },
  rules: { 'no-critical': summary(1, 1) },
  totals: summary(1, 1),
});
const clean = ok({ source: { id: 4 }, target: { id: 5 }, rules: { 'no-critical': summary(0, 0) } });

describe('scans check: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['scans', 'check', '--rules', rules],
      'give --compound NAME or --app ID (whose scan to gate): see `secscan compounds list`, `secscan apps list`',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--app', 'web', '--rules', rules],
      '--compound and --app cannot be used together',
    ],
    [['scans', 'check', '--app', '', '--rules', rules], '--app must not be empty'],
    [['scans', 'check', '--app', 'web'], 'give exactly one of --rules FILE or --policy NAME[:TAG]'],
    [['scans', 'check', '--compound', ' ', '--rules', rules], '--compound must not be empty'],
    [['scans', 'check', '--compound', 'shop'], 'give exactly one of --rules FILE or --policy NAME[:TAG]'],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--policy', 'p'],
      '--rules and --policy cannot be used together',
    ],
    [['scans', 'check', '--compound', 'shop', '--rules', ''], '--rules must not be empty'],
    [
      ['scans', 'check', '--compound', 'shop', '--policy', 'a b'],
      'invalid value for --policy: "a b" (expected NAME or NAME:TAG)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--policy', 'default:'],
      'invalid value for --policy: "default:" (expected NAME or NAME:TAG)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--target-branch', ''],
      '--target-branch must not be empty',
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
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--num-findings', '500'],
      'invalid value for --num-findings: "500" (expected a whole number from 0 to 100)',
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
      [
        'scans',
        'check',
        '--compound',
        'shop',
        '--rules',
        rules,
        '--report-json',
        join(dir, 'r.out'),
        '--report-junit',
        join(dir, 'r.out'),
      ],
      `--report-junit and --report-json name the same file ${join(dir, 'r.out')}`,
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--report-sarif', ''],
      '--report-sarif must not be empty',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '--fields', 'rule,color'],
      'unknown field "color" for --fields (choose from rule, matched, suppressed, reachable, threshold, over, result)',
    ],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', rules, '-o', 'xml'],
      `invalid value for -o, --output: "xml" (choose from ${formatsOf(gateDocument).join(', ')})`,
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans check: sl check-analysis rules files', () => {
  const slV2 = join(dir, 'shiftleft.yml');
  writeFileSync(
    slV2,
    'version: 2\nsource:\n  branch: main\nbuild_rules:\n  - id: no-critical\n    finding_types: [vuln, secret]\n' +
      '    cvss_31_severity_ratings: [critical]\n    threshold: 0\n    options:\n      num_findings: 4\n      reachable: true\n',
  );
  const slV1 = join(dir, 'shiftleft-v1.yml');
  writeFileSync(slV1, 'build_rules:\n  - id: no-critical\n    severity: [SEVERITY_HIGH_IMPACT]\n');

  it('reads v2 build rules; the file’s source branch is the baseline', async () => {
    cli.stub('CheckScans', shop).reply(200, breached, json);
    stubBaseline(cli, { defaultBranch: false });
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', slV2], { env: authEnv() });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('\nGate failed: ');
    expect(r.stdout).toContain(
      `\nScan 5: findings new since scan 4 of main, abc1234 (baseline: the source of ${slV2}).\n`,
    );
    expect(cli.calls().find((c) => c.method === 'POST')?.body).toEqual({
      version: 2,
      meta: { kind: 'diff' },
      source: { branch: 'main' },
      rules: [
        {
          id: 'no-critical',
          tags: {
            finding_type: ['vuln', 'secret'],
            cvss_31_severity_rating: ['critical'],
            reachability: ['reachable'],
          },
          threshold: 0,
          num_findings: 4,
        },
      ],
    });
  });

  it('--source-branch wins over the file’s source', async () => {
    cli.stub('CheckScans', shop).reply(200, clean, json);
    stubBaseline(cli, { defaultBranch: false, branch: 'develop' });
    const r = await cli.run(
      ['scans', 'check', '--compound', 'shop', '--rules', slV2, '--source-branch', 'develop'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect((cli.calls().find((c) => c.method === 'POST')?.body as { source: unknown }).source).toEqual({
      branch: 'develop',
    });
  });

  it('reads v1 with a warning that it is the old format', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, clean, json);
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', slV1], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`warning: ${slV1} is an sl check-analysis v1 file (the old format)`);
    expect((cli.calls().find((c) => c.method === 'POST')?.body as { rules: unknown }).rules).toEqual([
      { id: 'no-critical', tags: { severity: ['critical', 'high'] } },
    ]);
  });

  it('refuses a mistake at its line (exit 3, no request)', async () => {
    const bad = join(dir, 'bad-sl.yml');
    writeFileSync(bad, 'build_rules:\n  - id: a\n    cvss_31_severity_ratings:\n      - hihg\n');
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', bad], { env: authEnv() });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: ${bad}:4: build_rules[0].cvss_31_severity_ratings: unknown rating "hihg" (choose from critical, high, medium, low)`,
    );
    expect(cli.calls()).toEqual([]);
  });
});

describe('scans check', () => {
  it('posts the check body, prints the rows and exits 1 on a breach after writing the reports', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, breached, json);
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
        '-o',
        'tsv',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('no-critical\t1\t1\t0\t1\tFAIL\n');
    expect(r.stderr).toBe(
      'Gate failed: 1 of 1 rule(s) over threshold: no-critical (1 matched, threshold 0)\n' +
        'Scan 5: findings new since scan 4 of main, abc1234 (baseline: the default branch).\n',
    );
    expect(cli.calls().find((c) => c.method === 'POST')?.body).toEqual({
      version: 2,
      meta: { kind: 'diff', num_findings: 3 },
      source: { branch: 'main' },
      target: { branch: 'feat' },
      rules: [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }],
    });
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain(
      '#7 [critical] SQL &lt;Injection&gt; &amp; &quot;quotes&quot; (payments-api a.go:3)',
    );
    expect(xml).toContain(
      '<property name="baseline_scan" value="4"/><property name="baseline" value="findings new since scan 4 of main, abc1234 (baseline: the default branch)"/>',
    );
    expect(xml).toContain(
      'message="1 finding(s) matched, threshold 0, 1 over: findings new since scan 4 of main, abc1234 (baseline: the default branch)"',
    );
    expect(xml).toMatch(/<testsuite [^>]* timestamp="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d" hostname="[^"]+"/);
  });

  it('--app gates an app’s scan: its default branch, the check by its name, the baseline from its scans', async () => {
    cli
      .stub('ReadApp', { path: { appID: 'payments-api' } })
      .reply(200, ok({ id: 'payments-api', base_branch: 'main' }), json);
    cli.stub('CheckScans', { path: { compoundName: 'payments-api' } }).reply(200, breached, json);
    cli.stub('ReadScan', { path: { appID: 'payments-api', scanID: 4 } }).reply(
      200,
      ok([
        {
          id: '4',
          app: 'payments-api',
          successful: true,
          version: 'abc1234def5678abc1234def5678abc1234def56',
          tags: { branch: 'main' },
        },
      ]),
      json,
    );
    const r = await cli.run(['scans', 'check', '--app', 'payments-api', '--rules', rules, '-o', 'tsv'], {
      env: authEnv(),
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('no-critical\t1\t1\t0\t1\tFAIL\n');
    expect(r.stderr).toContain(
      'Scan 5: findings new since scan 4 of main, abc1234 (baseline: the default branch).\n',
    );
    // An app is never looked for as a compound first.
    expect(cli.calls().map((c) => c.path)).not.toContainEqual(expect.stringContaining('/compounds/'));
    expect(cli.calls().find((c) => c.method === 'POST')?.body).toMatchObject({ source: { branch: 'main' } });
  });

  it('--app of no app: exit 5 naming the app, not a compound', async () => {
    cli
      .stub('ReadApp', { path: { appID: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such app' }, json);
    const r = await cli.run(['scans', 'check', '--app', 'nope', '--rules', rules], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual([
      'error: no app is named nope',
      'hint: see `secscan apps list`',
    ]);
  });

  it('in a CI log (stdout not a terminal, no -o) prints the table and top findings, not headerless TSV', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, breached, json);
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', rules], { env: authEnv() });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^RULE\s+MATCHED\s+REACHABLE\s+THRESHOLD\s+OVER\s+RESULT\n/);
    expect(r.stdout).toContain('Top findings of no-critical:');
    expect(r.stdout).not.toMatch(/\u001b/);
  });

  it('prints the rules with a total, the verdict and the top findings of a failing rule as a table', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, breached, json);
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', rules], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^RULE\s+MATCHED\s+REACHABLE\s+THRESHOLD\s+OVER\s+RESULT$/);
    expect(lines[1]).toMatch(/^no-critical\s+1\s+1\s+0\s+1\s+FAIL$/);
    expect(lines[2]).toMatch(/^TOTAL\s+1\s+1\s+1\s+FAIL$/);
    expect(r.stdout).toContain(
      '\nGate failed: 1 of 1 rule(s) over threshold: no-critical (1 matched, threshold 0)\n' +
        'Scan 5: findings new since scan 4 of main, abc1234 (baseline: the default branch).\n',
    );
    expect(r.stdout).toContain(
      '\nTop findings of no-critical:\n  #7  critical  SQL <Injection> & "quotes"  (payments-api a.go:3)\n',
    );
    expect(r.stderr).toBe('');
  });

  it('--fail-on none reports a breach without failing, and every report is written', async () => {
    cli.stub('CheckScans', shop).reply(200, breached, json);
    const out = mkdtempSync(join(dir, 'reports-'));
    const files = ['r.json', 'r.xml', 'r.sarif', 'r.md'].map((f) => join(out, f));
    const r = await cli.run(
      [
        'scans',
        'check',
        '--compound',
        'shop',
        '--rules',
        rules,
        '--kind',
        'single',
        '--fail-on',
        'none',
        '-o',
        'json',
        '--report-json',
        files[0] as string,
        '--report-junit',
        files[1] as string,
        '--report-sarif',
        files[2] as string,
        '--report-markdown',
        files[3] as string,
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(cli.calls().find((c) => c.method === 'POST')?.body).toMatchObject({ meta: { kind: 'single' } });
    expect(JSON.parse(r.stdout)).toMatchObject({ passed: false, enforced: false, compound: 'shop' });
    expect(r.stderr).toContain('(not enforced: --fail-on none)');
    expect(JSON.parse(readFileSync(files[0] as string, 'utf8'))).toEqual(JSON.parse(r.stdout));
    expect(readFileSync(files[1] as string, 'utf8')).toContain('failures="1"');
    expect(JSON.parse(readFileSync(files[2] as string, 'utf8')).runs[0].results).toHaveLength(1);
    expect(readFileSync(files[3] as string, 'utf8')).toContain(
      '### ❌ Security gate failed (not enforced): shop',
    );
    expect(files.every((f) => !existsSync(`${f}.${process.pid}.tmp`))).toBe(true);
  });

  it('reads the rules from standard input with --rules -', async () => {
    stubBaseline(cli);
    cli.stub('CheckScans', shop).reply(200, clean, json);
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', '-'], {
      env: authEnv(),
      stdin: 'rules:\n  - id: no-critical\n',
    });
    expect(r.code).toBe(0);
    expect(cli.calls().find((c) => c.method === 'POST')?.body).toMatchObject({
      rules: [{ id: 'no-critical' }],
    });
    expect(r.stdout).toContain('\nGate passed: 1 rule(s), none over its threshold.\n');
    expect(r.stderr).toBe('');
  });

  it('fails closed: an answer without a rule it was asked is exit 8, never a pass', async () => {
    stubBaseline(cli, { scan: undefined });
    cli.stub('CheckScans', shop).reply(200, ok({ target: { id: 5 }, rules: {} }), json);
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', rules], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stderr).toBe('error: CheckScans: the answer has no result for rule no-critical\n');
  });

  it('an unreadable rules file is exit 3, before any request', async () => {
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--rules', join(dir, 'absent.yml')], {
      env: authEnv(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: --rules: cannot read ${join(dir, 'absent.yml')}: no such file`,
    );
    expect(cli.calls()).toEqual([]);
  });

  it('a stored policy is resolved first, and a 404 for it is exit 5', async () => {
    const policy = { path: { reference: 'default:2' } };
    cli
      .stub('ResolveCheckAnalysisConfiguration', policy)
      .reply(200, 'rules:\n  - id: no-critical\n    tags: {severity: [critical]}\n', yamlMedia);
    cli.stub('CheckScans', shop).reply(200, clean, json);
    stubBaseline(cli);
    const r = await cli.run(
      ['scans', 'check', '--compound', 'shop', '--policy', 'default:2', '-o', 'markdown'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('### ✅ Security gate passed: shop');
    cli
      .stub('ResolveCheckAnalysisConfiguration', policy)
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such policy' }, json);
    const missing = await cli.run(['scans', 'check', '--compound', 'shop', '--policy', 'default:2'], {
      env: authEnv(),
    });
    expect(missing.code).toBe(5);
  });

  it('a malformed policy from the service is exit 3 with its line', async () => {
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'broken' } })
      .reply(200, 'rules:\n  - id: a\n    threshold: many\n', yamlMedia);
    const r = await cli.run(['scans', 'check', '--compound', 'shop', '--policy', 'broken'], {
      env: authEnv(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: policy broken:3: rules\[0\]\.threshold: /);
  });
});
