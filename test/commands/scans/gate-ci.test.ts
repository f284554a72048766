import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSast } from '../../helpers/gitlab.js';
import { stubBaseline } from '../../helpers/baseline.js';
import { authEnv, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-gate-ci-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const rules = join(dir, 'rules.yml');
writeFileSync(
  rules,
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
);
const shop = { path: { compoundName: 'shop' } };
let n = 0;
const fresh = () => {
  const d = join(dir, `run-${n++}`);
  mkdirSync(d);
  return d;
};

/** A finding of the check answer: id, title and tags. */
const top = (id: number, file: string, title = `SQL Injection ${id}`) => ({
  id,
  title,
  tags: {
    severity: ['critical'],
    app: [id % 2 ? 'payments-api' : 'web-frontend'],
    category: ['SQL Injection'],
    file: [file],
    line: [String(id)],
  },
});
const breached = (count: number) =>
  ok({
    source: { id: 4 },
    target: { id: 5 },
    rules: {
      'no-critical': {
        matched: count,
        reachable: count,
        over_threshold: count,
        findings: Array.from({ length: count }, (_, i) => top(i + 1, `src/f${i + 1}.go`)),
      },
    },
  });
const check = ['scans', 'check', '--compound', 'shop', '--rules', rules, '--source-branch', 'main'];

describe('scans check: reports for GitLab', () => {
  it('--report-codequality and --report-gitlab-sast carry every finding that fails the gate', async () => {
    cli.stub('CheckScans', shop).reply(200, breached(3), json);
    stubBaseline(cli, { defaultBranch: false });
    const d = fresh();
    const r = await cli.run(
      [...check, '--report-codequality', `${d}/cq.json`, '--report-gitlab-sast', `${d}/sast.json`],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    const issues = JSON.parse(readFileSync(`${d}/cq.json`, 'utf8'));
    expect(issues.map((i: { location: { path: string } }) => i.location.path)).toEqual([
      'src/f1.go',
      'src/f2.go',
      'src/f3.go',
    ]);
    expect(
      issues.every((i: { check_name: string; severity: string }) => i.check_name === 'no-critical'),
    ).toBe(true);
    expect(issues[0].severity).toBe('blocker');
    const sast = JSON.parse(readFileSync(`${d}/sast.json`, 'utf8'));
    expect(validateSast(sast), JSON.stringify(validateSast.errors)).toBe(true);
    expect(sast.vulnerabilities.map((v: { location: unknown }) => v.location)).toEqual([
      { file: 'src/f1.go', start_line: 1 },
      { file: 'src/f2.go', start_line: 2 },
      { file: 'src/f3.go', start_line: 3 },
    ]);
  });

  it('--out FORMAT=FILE writes any -o format of the verdict; -o codequality prints it', async () => {
    cli.stub('CheckScans', shop).reply(200, breached(1), json);
    stubBaseline(cli, { defaultBranch: false });
    const d = fresh();
    const r = await cli.run(
      [...check, '-o', 'codequality', '--out', `junit=${d}/j.xml`, '--out', `json=${d}/r.json`],
      { env: authEnv() },
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
    expect(readFileSync(`${d}/j.xml`, 'utf8')).toContain('failures="1"');
    expect(JSON.parse(readFileSync(`${d}/r.json`, 'utf8'))).toMatchObject({ evaluated: true, passed: false });
  });

  it('a gate that was not evaluated: Code Quality holds one blocker and the SAST report a failed scan', async () => {
    cli.stub('CheckScans', shop).reply(400, { ok: false, code: 'BAD', message: 'no such branch' }, json);
    const d = fresh();
    const r = await cli.run(
      [...check, '--report-codequality', `${d}/cq.json`, '--report-gitlab-sast', `${d}/sast.json`],
      { env: authEnv({ GITLAB_CI: 'true', CI_PROJECT_DIR: dir }) },
    );
    expect(r.code).toBe(6);
    const [issue] = JSON.parse(readFileSync(`${d}/cq.json`, 'utf8'));
    // The rules file, from the repository's root (GitLab's CI_PROJECT_DIR).
    expect(issue).toMatchObject({ severity: 'blocker', location: { path: 'rules.yml' } });
    expect(issue.description).toContain('was not evaluated (exit 6)');
    const sast = JSON.parse(readFileSync(`${d}/sast.json`, 'utf8'));
    expect(validateSast(sast)).toBe(true);
    expect(sast.scan.status).toBe('failure');
  });

  it.each([
    ['from standard input', ['--rules', '-'], { CI_CONFIG_PATH: 'ci/pipeline.yml' }, 'ci/pipeline.yml'],
    ['stored in the service', ['--policy', 'default'], {}, '.gitlab-ci.yml'],
    ['outside the repository', ['--rules', rules], { CI_PROJECT_DIR: join(dir, 'repo') }, '.gitlab-ci.yml'],
    [
      'in a repository found by its .git',
      ['--rules', join(dir, 'repo', '.secscan', 'rules.yml')],
      {},
      '.secscan/rules.yml',
    ],
  ])(
    'rules %s: the "not evaluated" entry points at the CI configuration naming them, or at them',
    async (_what, flags, env, path) => {
      mkdirSync(join(dir, 'repo', '.secscan'), { recursive: true });
      mkdirSync(join(dir, 'repo', '.git'), { recursive: true });
      writeFileSync(join(dir, 'repo', '.secscan', 'rules.yml'), readFileSync(rules));
      if (flags[0] === '--policy') {
        cli
          .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'default' } })
          .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such policy' }, json);
      } else
        cli.stub('CheckScans', shop).reply(400, { ok: false, code: 'BAD', message: 'no such branch' }, json);
      const d = fresh();
      const cwd = process.cwd();
      // In the repository, as a CI job is.
      process.chdir(join(dir, 'repo'));
      try {
        const r = await cli.run(
          [
            ...['scans', 'check', '--compound', 'shop', ...flags, '--source-branch', 'main'],
            ...['--report-codequality', `${d}/cq.json`],
          ],
          { env: authEnv({ GITLAB_CI: 'true', ...env }), stdin: readFileSync(rules, 'utf8') },
        );
        expect(r.code).not.toBe(0);
      } finally {
        process.chdir(cwd);
      }
      const [issue] = JSON.parse(readFileSync(`${d}/cq.json`, 'utf8'));
      expect(issue).toMatchObject({ check_name: 'secscan/gate-not-evaluated', location: { path } });
    },
  );

  it('a report that cannot be written fails closed: exit 3, and the other reports say "not evaluated"', async () => {
    const d = fresh();
    const gone = join(d, 'gone');
    mkdirSync(gone);
    // The directory checked before the request is gone when the reports are written.
    cli.stub('CheckScans', shop).reply(() => {
      rmSync(gone, { recursive: true });
      return { statusCode: 200, data: breached(1), responseOptions: json };
    });
    stubBaseline(cli, { defaultBranch: false });
    const r = await cli.run([...check, '--out', `json=${d}/r.json`, '--out', `junit=${gone}/j.xml`], {
      env: authEnv(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: --out: cannot write ${gone}/j.xml`);
    expect(JSON.parse(readFileSync(`${d}/r.json`, 'utf8'))).toMatchObject({
      evaluated: false,
      passed: false,
    });
    expect(readdirSync(d)).toEqual(['r.json']);
  });
});

describe('scans check on GitHub Actions', () => {
  const github = (summary: string) => authEnv({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });

  it('prints an ::error a failing finding (ten, then a notice) and appends its summary', async () => {
    cli.stub('CheckScans', shop).reply(200, breached(12), json);
    stubBaseline(cli, { defaultBranch: false });
    const summary = join(fresh(), 'summary.md');
    writeFileSync(summary, '## Earlier step\n');
    const r = await cli.run(check, { env: github(summary) });
    expect(r.code).toBe(1);
    const commands = r.stderr.split('\n').filter((l) => l.startsWith('::'));
    expect(commands).toHaveLength(11);
    expect(commands[0]).toBe(
      '::error file=src/f1.go,line=1,title=no-critical::critical: SQL Injection 1 (finding 1 of payments-api)',
    );
    expect(commands[10]).toBe(
      '::notice title=secscan::2 more findings not annotated (GitHub shows 10 per step): the step summary lists every rule and its top findings',
    );
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('## Earlier step\n')).toBe(true);
    expect(text).toContain('### ❌ Security gate failed: shop');
    // Stdout is unchanged: the table for the log.
    expect(r.stdout).toMatch(/^RULE\s+MATCHED/);
  });

  it('a passing gate prints no annotation and appends the passed summary', async () => {
    cli.stub('CheckScans', shop).reply(
      200,
      ok({
        source: { id: 4 },
        target: { id: 5 },
        rules: { 'no-critical': { matched: 0, over_threshold: 0 } },
      }),
      json,
    );
    stubBaseline(cli, { defaultBranch: false });
    const summary = join(fresh(), 'summary.md');
    const r = await cli.run(check, { env: github(summary) });
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('::');
    expect(readFileSync(summary, 'utf8')).toContain('Security gate passed: shop');
  });

  it('not evaluated: one ::error saying why, and the "not evaluated" summary', async () => {
    cli.stub('CheckScans', shop).reply(400, { ok: false, code: 'BAD', message: 'no such branch' }, json);
    const summary = join(fresh(), 'summary.md');
    const r = await cli.run(check, { env: github(summary) });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(
      /^::error title=secscan%3A gate not evaluated::secscan scans check was not evaluated \(exit 6\)/m,
    );
    expect(readFileSync(summary, 'utf8')).toContain('Security gate not evaluated: shop');
  });

  it('outside GitHub Actions: no workflow command and no summary, whatever GITHUB_STEP_SUMMARY says', async () => {
    cli.stub('CheckScans', shop).reply(200, breached(2), json);
    stubBaseline(cli, { defaultBranch: false });
    const summary = join(fresh(), 'summary.md');
    writeFileSync(summary, '');
    const r = await cli.run(check, { env: authEnv({ GITHUB_STEP_SUMMARY: summary }) });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('::error');
    expect(readFileSync(summary, 'utf8')).toBe('');
  });
});

describe('scans compare --fail-on on GitHub Actions', () => {
  const pay = { appID: 'pay' };
  const diff = {
    source: { id: '1' },
    target: { id: '2' },
    new: [
      {
        id: '21',
        app: 'pay',
        severity: 'high',
        category: 'SQL Injection',
        title: 'SQL from the request',
        regression: true,
        tags: [{ key: 'location', value: 'src/db.go#42' }],
      },
      { id: '22', app: 'pay', severity: 'low', category: 'Log Forging', title: 'Log line' },
    ],
    fixed: [],
    common: [],
  };

  it('annotates each new finding that fails it and appends a summary', async () => {
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.1', target: 'scan.2' } })
      .reply(200, ok(diff), json);
    const summary = join(fresh(), 'summary.md');
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
        'medium',
      ],
      { env: authEnv({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }) },
    );
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('::'))).toEqual([
      '::error file=src/db.go,line=42,title=sql-injection::high: SQL from the request (finding 21 of pay, a regression)',
    ]);
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('### ❌ Security gate failed: pay');
    expect(text).toContain('| high | 21 | SQL Injection | SQL from the request | yes |');
    expect(text).not.toContain('Log line');
  });

  it('without --fail-on it is no gate: nothing for GitHub', async () => {
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.1', target: 'scan.2' } })
      .reply(200, ok(diff), json);
    const summary = join(fresh(), 'summary.md');
    writeFileSync(summary, '');
    const r = await cli.run(
      ['scans', 'compare', '--app', 'pay', '--source-scan', '1', '--target-scan', '2'],
      {
        env: authEnv({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary }),
      },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('::');
    expect(readFileSync(summary, 'utf8')).toBe('');
  });
});
