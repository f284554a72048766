import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseXml } from '../helpers/xml.js';
import { secscanShim } from './sandbox.js';

/**
 * Runs the CI snippets of the README's "Gate merges in CI" section as a runner would: the rules file from
 * its rules block, every `run:` step (GitHub Actions) and every `script:` line (GitLab CI). The install
 * step is the only one skipped: `secscan` on PATH is this checkout's built binary.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Gate merges in CI'),
  readme.indexOf('\n## ', readme.indexOf('## Gate merges in CI') + 5),
);
const blocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] as string);
const rulesBlock = blocks.find((b) => /^(#.*\n)?rules:/.test(b)) as string;
const github = parse(blocks.find((b) => b.includes('jobs:')) as string);
const gitlab = parse(blocks.find((b) => b.includes('script:')) as string);
const isInstall = (command: string) => /^npm install -g secscan$/.test(command.trim());

const temp = mkdtempSync(join(tmpdir(), 'secscan-readme-ci-'));
const shims = join(temp, 'bin');
secscanShim(shims);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

function workspace(name: string): string {
  const dir = join(temp, name);
  mkdirSync(join(dir, '.secscan'), { recursive: true });
  writeFileSync(join(dir, '.secscan/rules.yml'), rulesBlock);
  return dir;
}

function baseEnv(dir: string): Record<string, string> {
  return { PATH: `${shims}:${process.env.PATH}`, HOME: dir, SECSCAN_CONFIG_DIR: join(dir, '.config') };
}

function stopSandbox(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // already stopped
  }
}

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
}

function runGithubJob(branch?: string): { gate: number; dir: string; ran: string[] } {
  const dir = workspace(`github-${branch ?? 'default'}`);
  const runnerTemp = join(dir, '.runner');
  mkdirSync(runnerTemp);
  const files = { GITHUB_ENV: join(runnerTemp, 'env'), GITHUB_STEP_SUMMARY: join(runnerTemp, 'summary') };
  for (const f of Object.values(files)) writeFileSync(f, '');
  const job = Object.values(github.jobs)[0] as { env: Record<string, string>; steps: Step[] };
  let failed = false;
  let gate = -1;
  const ran: string[] = [];
  try {
    for (const step of job.steps) {
      if (!step.run || (step.name && isInstall(step.run))) continue;
      if (failed && !/always\(\)/.test(step.if ?? '')) continue;
      const fromFile = Object.fromEntries(
        readFileSync(files.GITHUB_ENV, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      const env = {
        ...baseEnv(dir),
        ...job.env,
        ...(branch ? { BRANCH: branch } : {}),
        ...files,
        RUNNER_TEMP: runnerTemp,
        ...fromFile,
      };
      const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
        cwd: dir,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      });
      ran.push(step.name ?? step.run);
      if (step.name === 'Gate the merge') gate = r.status ?? -1;
      if (r.status !== 0) failed = true;
    }
  } finally {
    stopSandbox(join(runnerTemp, 'sandbox.pid'));
  }
  return { gate, dir, ran };
}

function runGitlabJob(branch?: string): { code: number; dir: string; stdout: string } {
  const dir = workspace(`gitlab-${branch ?? 'default'}`);
  const job = gitlab['security-gate'] as { variables: Record<string, string>; script: string[] };
  const script = job.script.filter((line) => !isInstall(line)).join('\n');
  const env = { ...baseEnv(dir), ...job.variables, ...(branch ? { BRANCH: branch } : {}) };
  try {
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd: dir,
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { code: r.status ?? -1, dir, stdout: r.stdout };
  } finally {
    stopSandbox(join(dir, 'sandbox.pid'));
  }
}

describe('README: the CI snippets run against a sandbox started in the job', () => {
  it('has the rules block and both snippets', () => {
    expect(rulesBlock).toContain('no-new-critical');
    expect(github.jobs.secscan.steps.length).toBeGreaterThan(4);
    expect(gitlab['security-gate'].artifacts.reports.junit).toBe('secscan-junit.xml');
    expect(execFileSync(join(shims, 'secscan'), ['--version'], { encoding: 'utf8' })).toMatch(/\d+\.\d+/);
  });

  it('GitHub Actions: the feature branch fails the gate (exit 1) with a JUnit report and a summary; main passes', () => {
    const failing = runGithubJob();
    expect(failing.gate).toBe(1);
    expect(failing.ran).toContain('Summary');
    const junit = parseXml(readFileSync(join(failing.dir, 'secscan-junit.xml'), 'utf8'));
    expect(junit.children[0]?.attributes.failures).toBe('2');
    expect(readFileSync(join(failing.dir, '.runner/summary'), 'utf8')).toContain(
      'Security gate failed: shop',
    );
    const passing = runGithubJob('main');
    expect(passing.gate).toBe(0);
    expect(readFileSync(join(passing.dir, '.runner/summary'), 'utf8')).toContain(
      'Security gate passed: shop',
    );
  });

  it('GitLab CI: the feature branch fails the job (exit 1) with the JUnit report; main passes', () => {
    const failing = runGitlabJob();
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('no-new-critical');
    expect(parseXml(readFileSync(join(failing.dir, 'secscan-junit.xml'), 'utf8')).name).toBe('testsuites');
    expect(runGitlabJob('main').code).toBe(0);
  });
});
