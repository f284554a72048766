import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Options } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml } from '../helpers/xml.js';
import { isolatedEnv, type RunningSandbox, secscan as spawnCli, startSandbox } from './sandbox.js';

async function secscan(args: string[], env: Record<string, string>, options: Options = {}) {
  const r = await spawnCli(args, env, options);
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;
let work: string;

const failing =
  'rules:\n  - id: no-new-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n  - id: few-high\n    tags: {severity: [high]}\n    threshold: 50\n';
const passing = 'rules:\n  - id: few-critical\n    tags:\n      severity: [critical]\n    threshold: 100\n';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  config = isolatedEnv();
  work = join(config.dir, 'work');
  mkdirSync(work);
  writeFileSync(join(work, 'failing.yml'), failing);
  writeFileSync(
    join(work, 'passing.json'),
    JSON.stringify({ rules: [{ id: 'few-critical', tags: { severity: ['critical'] }, threshold: 100 }] }),
  );
  writeFileSync(join(work, 'passing.yml'), passing);
  writeFileSync(
    join(work, 'broken.yml'),
    'rules:\n  - id: a\n    tags:\n      severity: [critical]\n    treshold: 0\n',
  );
  env = {
    ...config.env,
    ...sandbox.settings,
  };
});

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

const gate = [
  'scans',
  'check',
  '--compound',
  'shop',
  '--target-branch',
  'feature/checkout',
  '--source-branch',
  'main',
];

describe('e2e: scans check, the CI gate', () => {
  it('fails on a breached rule: exit 1, the table, and every report written', async () => {
    const r = await secscan(
      [
        ...gate,
        '--rules',
        'failing.yml',
        '-o',
        'table',
        '--report-junit',
        'out/junit.xml',
        '--report-markdown',
        'out/summary.md',
        '--report-json',
        'out/report.json',
        '--report-sarif',
        'out/report.sarif',
      ],
      env,
      { cwd: work },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /^error: invalid value for --report-\w+: the directory of out\/\S+ does not exist/,
    );
    mkdirSync(join(work, 'out'));
    const run = await secscan(
      [
        ...gate,
        '--rules',
        'failing.yml',
        '-o',
        'table',
        '--report-junit',
        'out/junit.xml',
        '--report-markdown',
        'out/summary.md',
        '--report-json',
        'out/report.json',
        '--report-sarif',
        'out/report.sarif',
      ],
      env,
      { cwd: work },
    );
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/RULE\s+MATCHED\s+REACHABLE\s+THRESHOLD\s+OVER\s+RESULT/);
    expect(run.stdout).toMatch(/no-new-critical\s+2\s+2\s+0\s+2\s+FAIL/);
    expect(run.stdout).toMatch(/few-high\s+\d+\s+\d+\s+50\s+0\s+PASS/);
    expect(run.stdout).toContain('Gate failed: 1 of 2 rule(s) over threshold');
    expect(run.stdout).toContain('Top findings of no-new-critical:');
    const junit = parseXml(readFileSync(join(work, 'out/junit.xml'), 'utf8'));
    expect(junit.name).toBe('testsuites');
    const suite = junit.children[0];
    expect(suite?.attributes).toMatchObject({ tests: '2', failures: '1' });
    const cases = suite?.children.filter((c) => c.name === 'testcase') ?? [];
    expect(cases.map((c) => [c.attributes.name, c.children.some((f) => f.name === 'failure')])).toEqual([
      ['no-new-critical', true],
      ['few-high', false],
    ]);
    expect(readFileSync(join(work, 'out/summary.md'), 'utf8')).toContain('Security gate failed: shop');
    const json = JSON.parse(readFileSync(join(work, 'out/report.json'), 'utf8'));
    expect(json).toMatchObject({ passed: false, enforced: true, compound: 'shop', kind: 'diff' });
    const sarif = JSON.parse(readFileSync(join(work, 'out/report.sarif'), 'utf8'));
    // One run per app of the compound, each under the gate's category.
    const runs = sarif.runs as { results: unknown[]; automationDetails: { id: string } }[];
    expect(runs.flatMap((r) => r.results).length).toBe(json.totals.matched);
    expect(runs.map((r) => r.automationDetails.id).every((id) => id.startsWith('secscan/check/shop/'))).toBe(
      true,
    );
    expect(sarif.runs[0].tool.driver.rules[0].id).toBe('sql-injection');
    expect(existsSync(join(work, 'out/junit.xml.partial'))).toBe(false);
  });

  it('passes: exit 0 (YAML and JSON rules), and --fail-on none reports a breach without failing', async () => {
    const yaml = await secscan([...gate, '--rules', 'passing.yml', '-o', 'tsv'], env, { cwd: work });
    expect(yaml.exitCode).toBe(0);
    expect(yaml.stdout).toBe('few-critical\t2\t2\t100\t0\tPASS');
    expect(yaml.stderr).toContain('Gate passed');
    const log = await secscan([...gate, '--rules', 'passing.yml'], env, { cwd: work });
    expect(log.stdout).toMatch(/^RULE\s+MATCHED.*\nfew-critical\s+2\s+2\s+100\s+0\s+PASS\n/);
    expect(log.stdout).toContain('Gate passed');
    const json = await secscan([...gate, '--rules', 'passing.json', '-o', 'json'], env, { cwd: work });
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout).passed).toBe(true);
    const none = await secscan([...gate, '--rules', 'failing.yml', '--fail-on', 'none', '-o', 'junit'], env, {
      cwd: work,
    });
    expect(none.exitCode).toBe(0);
    expect(parseXml(none.stdout).attributes.failures).toBe('1');
    expect(none.stderr).toContain('not enforced');
  });

  it('works with the CI token from the users file and with a stored policy', async () => {
    const ci = await secscan(
      [...gate, '--rules', 'failing.yml'],
      { ...env, SECSCAN_TOKEN: sandbox.tokens.ci as string },
      { cwd: work },
    );
    expect(ci.exitCode).toBe(1);
    const policy = await secscan(['scans', 'check', '--compound', 'shop', '--policy', 'default:1'], {
      ...env,
      SECSCAN_TOKEN: sandbox.tokens.ci as string,
    });
    expect(policy.exitCode).toBe(0);
    const strict = await secscan(
      ['scans', 'check', '--compound', 'shop', '--policy', 'default', '--kind', 'single'],
      env,
    );
    expect(strict.exitCode).toBe(1);
  });

  it('fails closed with the contract’s codes: 5, 7, 3, 2, 4 — never 0', async () => {
    const unknown = await secscan(['scans', 'check', '--compound', 'nope', '--rules', 'failing.yml'], env, {
      cwd: work,
    });
    expect([unknown.exitCode, unknown.stderr]).toEqual([
      5,
      expect.stringMatching(/^error: no compound or app is named nope/),
    ]);
    const noBranch = await secscan(
      [...gate.slice(0, 4), '--target-branch', 'nope', '--rules', 'failing.yml'],
      env,
      { cwd: work },
    );
    expect(noBranch.exitCode).toBe(5);
    const port = await closedPort();
    const down = await secscan(
      [...gate, '--rules', 'failing.yml', '--retries', '0'],
      { ...env, SECSCAN_BASE_URL: `http://127.0.0.1:${port}` },
      { cwd: work },
    );
    expect(down.exitCode).toBe(7);
    const broken = await secscan(
      [...gate, '--rules', 'broken.yml'],
      { ...env, SECSCAN_BASE_URL: `http://127.0.0.1:${port}` },
      { cwd: work },
    );
    expect([broken.exitCode, broken.stderr.split('\n')[0]]).toEqual([
      3,
      'error: broken.yml:5: rules[0]: unknown key "treshold"',
    ]);
    const missing = await secscan([...gate, '--rules', 'absent.yml'], env, { cwd: work });
    expect(missing.exitCode).toBe(3);
    const badFlag = await secscan([...gate, '--rules', 'failing.yml', '--num-findings', '500'], env, {
      cwd: work,
    });
    expect([badFlag.exitCode, badFlag.stderr.split('\n')[0]]).toEqual([
      2,
      'error: invalid value for --num-findings: "500" (expected a whole number from 0 to 100)',
    ]);
    const both = await secscan(
      ['scans', 'check', '--compound', 'shop', '--rules', 'x', '--policy', 'default'],
      env,
    );
    expect(both.exitCode).toBe(2);
    const expired = await secscan(
      [...gate, '--rules', 'failing.yml'],
      { ...env, SECSCAN_TOKEN: sandbox.tokens.expired as string },
      { cwd: work },
    );
    expect(expired.exitCode).toBe(4);
  });
});

describe('e2e: scans compare, compounds, apps', () => {
  it('compare --fail-on new: a feature branch against the default branch exits 1; a bad REF 2', async () => {
    const args = [
      'scans',
      'compare',
      '--app',
      'payments-api',
      '--source-branch',
      'main',
      '--target-branch',
      'feature/checkout',
    ];
    const report = await secscan(args, env);
    expect(report.exitCode).toBe(0);
    expect(report.stderr).toMatch(/payments-api: scan\.\d+ -> scan\.\d+: \d+ new/);
    const gated = await secscan([...args, '--fail-on', 'new', '--severity-threshold', 'critical'], env);
    expect(gated.exitCode).toBe(1);
    expect(gated.stdout).toMatch(/^DIFF\s+ID\s+SEVERITY/);
    expect(gated.stdout).toMatch(/^new.*\s+critical\s+/m);
    const ref = await secscan(
      ['scans', 'compare', '--app', 'payments-api', '--source', 'tag.branch', '--target', 'scan.1'],
      env,
    );
    expect([ref.exitCode, ref.stderr.split('\n')[0]]).toEqual([
      2,
      expect.stringContaining('invalid value for --source'),
    ]);
    const none = await secscan(
      ['scans', 'compare', '--app', 'payments-api', '--source-branch', 'main', '--target-branch', 'nope'],
      env,
    );
    expect(none.exitCode).toBe(5);
  });

  it('lists and shows compounds, their scans and SARIF; archive state', async () => {
    const list = await secscan(['compounds', 'list', '--all', '--fields', 'name,is_archived'], env);
    expect(list.stdout).toBe('shop\tfalse\njava-demo\tfalse\nlegacy-docs\ttrue');
    const scans = await secscan(
      ['compounds', 'scans', 'shop', '--branch', 'feature/checkout', '--fields', 'branch'],
      env,
    );
    expect(scans.stdout).toBe('feature/checkout\nfeature/checkout');
    const sarif = await secscan(
      ['compounds', 'sarif', 'shop', '--branch', 'main', '--out', join(work, 'shop.sarif')],
      env,
    );
    expect(sarif.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(work, 'shop.sarif'), 'utf8')).version).toBe('2.1.0');
    expect((await secscan(['compounds', 'archive', 'java-demo'], env)).exitCode).toBe(0);
    const archived = await secscan(['compounds', 'list', '--archived', '--fields', 'name'], env);
    expect(archived.stdout).toBe('java-demo\nlegacy-docs');
    expect((await secscan(['compounds', 'unarchive', 'java-demo'], env)).exitCode).toBe(0);
    expect((await secscan(['compounds', 'show', 'nope'], env)).exitCode).toBe(5);
  });

  it('creates, labels, configures and deletes an app; destructive verbs need --yes', async () => {
    expect((await secscan(['apps', 'create', 'billing-api', '--name', 'Billing API'], env)).exitCode).toBe(0);
    expect((await secscan(['apps', 'create', 'billing-api'], env)).exitCode).toBe(6);
    const labels = await secscan(['apps', 'labels', 'billing-api', '--add', 'pci,tier-1'], env);
    expect(labels.stdout).toBe('pci\ntier-1');
    await secscan(['apps', 'config', 'patch', 'billing-api', '--secrets-entropy', '4.8'], env);
    const merged = await secscan(['apps', 'config', 'merged', 'billing-api', '-o', 'json'], env);
    expect(JSON.parse(merged.stdout).analysis_configuration.secrets).toEqual({
      entropy: 4.8,
      disable: false,
    });
    const refused = await secscan(['apps', 'delete', 'billing-api'], env);
    expect([refused.exitCode, refused.stderr]).toEqual([2, expect.stringContaining('pass --yes')]);
    expect((await secscan(['apps', 'delete', 'billing-api', '--yes'], env)).exitCode).toBe(0);
    expect((await secscan(['apps', 'show', 'billing-api'], env)).exitCode).toBe(5);
    const group = await secscan(['app-groups', 'upsert', 'web', '--add', 'web-frontend', '-o', 'json'], env);
    expect(JSON.parse(group.stdout)).toEqual({ name: 'web', app_ids: ['web-frontend'] });
    const failures = await secscan(['analyze-failures', 'list', '--fields', 'app_name,category'], env);
    expect(failures.stdout).toContain('ledger-service\tsca_analysis');
  });
});
