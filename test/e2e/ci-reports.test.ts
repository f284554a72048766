import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateSast } from '../helpers/gitlab.js';
import { isolatedEnv, type RunningSandbox, secscan as spawnCli, startSandbox } from './sandbox.js';

/** The reports CI services read, made by the built binary against a sandbox that logs every request. */
let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;
let work: string;

async function secscan(args: string[], extra: Record<string, string> = {}) {
  const r = await spawnCli(args, { ...env, ...extra }, { cwd: work });
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

/**
 * The API requests the sandbox logged for one run: everything up to a marker request made after it
 * (`whoami`), once the marker is in the log (read from the sandbox's stderr as it comes).
 */
async function requestsOf(run: () => Promise<unknown>): Promise<string[]> {
  const from = sandbox.log.length;
  await run();
  const marker = await secscan(['whoami', '-o', 'json']);
  expect(marker.exitCode).toBe(0);
  const markerAt = () => sandbox.log.findIndex((line, i) => i >= from && /^GET \/api\/v4\/user /.test(line));
  for (let i = 0; i < 200 && markerAt() < 0; i++) await new Promise((r) => setTimeout(r, 25));
  expect(markerAt()).toBeGreaterThan(-1);
  return sandbox.log
    .slice(from, markerAt())
    .filter((line) => / \/api\/v4\//.test(line))
    .map((line) => line.replace(/ \d+ms$/, ''));
}

beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
  config = isolatedEnv();
  work = join(config.dir, 'work');
  mkdirSync(work);
  env = {
    ...config.env,
    ...sandbox.settings,
    // Pages one after the other: a page asked for ahead and then not needed (past the last one) would make
    // the count of requests depend on timing, and these tests count them.
    SECSCAN_PAGE_AHEAD: '0',
  };
});

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

const read = (file: string) => readFileSync(join(work, file), 'utf8');

describe('e2e: one listing, several reports', () => {
  it('--out writes N formats with the same findings, from one pass of requests (the sandbox log)', async () => {
    const list = ['findings', 'list', '--org', '--status', 'any', '--all', '--per-page', '7', '-o', 'ndjson'];
    let plain = '';
    const alone = await requestsOf(async () => {
      const r = await secscan(list);
      expect(r.exitCode).toBe(0);
      plain = r.stdout;
    });
    const ids = plain
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id as string);
    expect(alone.length).toBeGreaterThan(3);
    let printed = '';
    const withFiles = await requestsOf(async () => {
      const r = await secscan([
        ...list,
        ...['--out', 'sarif=f.sarif', '--out', 'codequality=cq.json', '--out', 'gitlab-sast=sast.json'],
        ...['--out', 'csv=f.csv', '--out', 'json=f.json', '--out', 'yaml=f.yaml'],
      ]);
      expect(r.exitCode, r.stderr).toBe(0);
      printed = r.stdout;
    });
    // The same requests, once: the files cost no request of their own.
    expect(withFiles).toEqual(alone);
    expect(printed).toBe(plain);
    const sarif = JSON.parse(read('f.sarif'));
    const results = sarif.runs.flatMap((run: { results: { properties: { finding_id: string } }[] }) =>
      run.results.map((r) => r.properties.finding_id),
    );
    expect(results.sort()).toEqual([...ids].sort());
    expect(JSON.parse(read('cq.json'))).toHaveLength(ids.length);
    const sast = JSON.parse(read('sast.json'));
    expect(validateSast(sast), JSON.stringify(validateSast.errors)).toBe(true);
    expect(sast.vulnerabilities).toHaveLength(ids.length);
    expect(JSON.parse(read('f.json')).map((f: { id: string }) => f.id)).toEqual(ids);
    expect(read('f.csv').trim().split('\n')).toHaveLength(ids.length + 1);
    expect(read('f.yaml').match(/^- /gm)).toHaveLength(ids.length);
  });
});

describe('e2e: the gate as CI services read it', () => {
  const rules =
    'rules:\n  - id: no-new-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n' +
    '  - id: no-new-secrets\n    tags:\n      type: [secret]\n    threshold: 0\n';
  const gate = ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml'];
  const branches = ['--target-branch', 'feature/checkout', '--source-branch', 'main'];

  it('GitHub Actions: ::error lines for the failing findings, the summary appended; GitLab reports carry them all', async () => {
    writeFileSync(join(work, 'rules.yml'), rules);
    writeFileSync(join(work, 'summary.md'), '## Build\n');
    const r = await secscan(
      [
        ...gate,
        ...branches,
        '--report-codequality',
        'gl-cq.json',
        '--report-gitlab-sast',
        'gl-sast.json',
        '--out',
        'json=gate.json',
      ],
      { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(work, 'summary.md') },
    );
    expect(r.exitCode).toBe(1);
    const report = JSON.parse(read('gate.json'));
    const failing = new Map<string, { title: string }>();
    for (const rule of report.rules.filter((x: { result: string }) => x.result === 'fail')) {
      for (const f of report.findings[rule.rule]) failing.set(`${f.app}/${f.id}`, f);
    }
    expect(failing.size).toBeGreaterThan(1);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors).toHaveLength(failing.size);
    for (const line of errors)
      expect(line).toMatch(/^::error file=[^,]+,line=\d+,title=no-new-(critical|secrets)::/);
    const summary = read('summary.md');
    expect(summary.startsWith('## Build\n')).toBe(true);
    expect(summary).toContain('### ❌ Security gate failed: shop');
    const issues = JSON.parse(read('gl-cq.json'));
    expect(issues).toHaveLength(failing.size);
    const sast = JSON.parse(read('gl-sast.json'));
    expect(validateSast(sast), JSON.stringify(validateSast.errors)).toBe(true);
    expect(
      sast.vulnerabilities
        .map((v: { identifiers: { type: string; value: string }[] }) => v.identifiers.at(-1)?.value)
        .sort(),
    ).toEqual([...failing.keys()].sort());
  });

  it('a passing gate on GitHub Actions: no annotation, the passed summary; empty GitLab reports', async () => {
    writeFileSync(join(work, 'rules.yml'), rules);
    writeFileSync(join(work, 'summary.md'), '');
    const r = await secscan(
      [
        ...gate,
        '--target-branch',
        'main',
        '--report-codequality',
        'ok-cq.json',
        '--report-gitlab-sast',
        'ok-sast.json',
      ],
      { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(work, 'summary.md') },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).not.toContain('::');
    expect(read('summary.md')).toContain('Security gate passed: shop');
    expect(JSON.parse(read('ok-cq.json'))).toEqual([]);
    expect(JSON.parse(read('ok-sast.json')).vulnerabilities).toEqual([]);
  });
});
