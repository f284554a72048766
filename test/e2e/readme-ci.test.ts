import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseXml } from '../helpers/xml.js';
import { type Config, parseGitlab, runGitlabJob, withIncludes } from './ci/gitlab.js';
import { GithubRunner, type Job } from './ci/github.js';
import { type Release, release as releaseDir } from '../helpers/release.js';
import { docFiles } from './readme/docs.js';
import { docBlocks, machineEnv, pkg, project, readmeRules, root, validateAction } from './ci/setup.js';

/**
 * Runs the CI snippets of the guide "Gate merges in CI" (docs/guide/ci-gate.md) as a runner would: the rules
 * file from its rules block in the workspace, the GitHub workflow's steps (its `uses: your-org/secscan@vX`
 * steps run this checkout's action.yml) and the GitLab job (including this checkout's ci/secscan.gitlab-ci.yml).
 * The README's workflow and the pull-request guide's are checked by action-validator and against action.yml.
 * The release they install is this build's (`npm run release`): given to the action as its `release`
 * input, to GitLab as the project's CI/CD variable SECSCAN_RELEASE_URL (which GitLab puts above the file's),
 * since the release's address on GitHub is not reachable from here.
 */
const blocks = docBlocks('docs/guide/ci-gate.md', 'yaml');
const githubText = blocks.find((b) => b.includes('jobs:')) as string;
const github = parse(githubText) as { jobs: Record<string, Job> };
const gitlab = parseGitlab(blocks.find((b) => b.includes('extends: .secscan-gate')) as string);
const release = `v${pkg.version}`;
const action = `your-org/secscan@${release}`;

const temp = mkdtempSync(join(tmpdir(), 'secscan-readme-ci-'));
let rel: Release;

beforeAll(() => {
  rel = releaseDir();
}, 600_000);

afterAll(() => rmSync(temp, { recursive: true, force: true }));

const workspace = (name: string) => project(join(temp, name));

function stopSandbox(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGINT');
  } catch {
    // already stopped
  }
}

function runGithubJob(branch?: string) {
  const dir = workspace(`github-${branch ?? 'default'}`);
  const job = structuredClone(Object.values(github.jobs)[0] as Job);
  if (branch) job.env = { ...job.env, BRANCH: branch };
  const runner = new GithubRunner({
    workspace: dir,
    env: machineEnv(join(dir, '.home')),
    github: { sha: 'c0ffee0000000000000000000000000000000003', event: {} },
    resolve: (uses) => {
      if (uses.startsWith('your-org/secscan@')) {
        expect(uses).toBe(action);
        return { dir: root, inputs: { release: rel.dir } };
      }
      return undefined;
    },
  });
  try {
    const steps = runner.runJob(job);
    return { runner, dir, gate: steps.gate };
  } finally {
    stopSandbox(join(runner.runnerTemp, 'sandbox.pid'));
  }
}

function runReadmeGitlab(branch?: string) {
  const dir = workspace(`gitlab-${branch ?? 'default'}`);
  const config = withIncludes(gitlab, (entry) => {
    expect(entry).toEqual({
      remote: `https://raw.githubusercontent.com/$SECSCAN_REPO/${release}/ci/secscan.gitlab-ci.yml`,
    });
    return readFileSync(join(root, 'ci/secscan.gitlab-ci.yml'), 'utf8');
  });
  const settings: Record<string, string> = {
    SECSCAN_REPO: 'your-org/secscan',
    SECSCAN_RELEASE_URL: rel.dir,
    ...(branch ? { SECSCAN_GATE_TARGET_BRANCH: branch } : {}),
  };
  const predefined = { CI_PROJECT_DIR: dir, CI_COMMIT_SHA: 'c0ffee0000000000000000000000000000000004' };
  try {
    return {
      dir,
      ...runGitlabJob(config, 'security-gate', machineEnv(join(dir, '.home')), predefined, settings),
    };
  } finally {
    stopSandbox(join(dir, 'sandbox.pid'));
  }
}

describe('docs: the CI snippets run against a sandbox started in the job', () => {
  it('has the rules block and both snippets, pinned to this release, the workflow valid for action-validator', () => {
    expect(readmeRules).toContain('no-new-critical');
    const steps = Object.values(github.jobs)[0]?.steps ?? [];
    expect(steps.filter((s) => s.uses?.startsWith('your-org/secscan@')).map((s) => s.uses)).toEqual([
      action,
      action,
    ]);
    const variables = (gitlab['security-gate'] as Config).variables as Record<string, string>;
    expect(variables.SECSCAN_VERSION).toBe(pkg.version);
    const workflow = join(temp, 'security-gate.yml');
    writeFileSync(workflow, githubText);
    expect(validateAction(workflow)).toEqual({ code: 0, output: '' });
  });

  it('the README and the pull-request guide show workflows action-validator accepts, with inputs action.yml has', () => {
    const inputs = Object.keys(
      (parse(readFileSync(join(root, 'action.yml'), 'utf8')) as { inputs: object }).inputs,
    );
    const workflows = [
      ...docBlocks('README.md', 'yaml').filter((b) => b.includes('jobs:')),
      ...docBlocks('docs/guide/pull-request.md', 'yaml').filter((b) => b.includes('jobs:')),
    ];
    expect(workflows).toHaveLength(2);
    for (const [i, text] of workflows.entries()) {
      const file = join(temp, `workflow-${i}.yml`);
      writeFileSync(file, text);
      expect(validateAction(file)).toEqual({ code: 0, output: '' });
      const steps = Object.values((parse(text) as { jobs: Record<string, Job> }).jobs).flatMap(
        (j) => j.steps ?? [],
      );
      const ours = steps.filter((s) => s.uses?.startsWith('your-org/secscan@'));
      expect(ours.map((s) => s.uses)).toEqual(ours.map(() => action));
      for (const step of ours) for (const key of Object.keys(step.with ?? {})) expect(inputs).toContain(key);
    }
  });

  it('installs nothing by the name secscan from the registry: README, docs, help, man pages, examples', () => {
    const fromRegistry =
      /\b(npm (i|install|add)( -g| --global)? secscan\b(?![-/.])|npx secscan\b|pnpm add secscan\b|yarn (global )?add secscan\b)/;
    const files = [
      ...docFiles(),
      'CONTRIBUTING.md',
      'action.yml',
      'ci/secscan.gitlab-ci.yml',
      ...readdirSync(join(root, 'man', 'man1')).map((f) => `man/man1/${f}`),
      'dist/manifest.json',
    ];
    for (const file of files) {
      const hits = readFileSync(join(root, file), 'utf8')
        .split('\n')
        .filter((line) => fromRegistry.test(line));
      expect(hits, file).toEqual([]);
    }
    expect(fromRegistry.test('npm install -g secscan')).toBe(true);
    expect(fromRegistry.test('npm install -g ./secscan-0.1.0.tgz')).toBe(false);
  });

  it('GitHub Actions: the feature branch fails the gate (exit 1) with a JUnit report and a summary; main passes', () => {
    const failing = runGithubJob();
    expect(failing.gate).toEqual({
      outcome: 'failure',
      outputs: expect.objectContaining({ 'exit-code': '1', 'report-junit': 'secscan-junit.xml' }),
    });
    expect(failing.runner.log.map((s) => s.name)).toContain('actions/upload-artifact@v4');
    const junit = parseXml(readFileSync(join(failing.dir, 'secscan-junit.xml'), 'utf8'));
    expect(junit.children[0]?.attributes.failures).toBe('2');
    expect(readFileSync(failing.runner.files.GITHUB_STEP_SUMMARY, 'utf8')).toContain(
      'Security gate failed: shop',
    );
    const passing = runGithubJob('main');
    expect(passing.gate?.outputs['exit-code']).toBe('0');
    expect(passing.runner.failed).toBe(false);
    expect(readFileSync(passing.runner.files.GITHUB_STEP_SUMMARY, 'utf8')).toContain(
      'Security gate passed: shop',
    );
  });

  it('GitLab CI: the feature branch fails the job (exit 1) with the JUnit report; main passes', () => {
    const failing = runReadmeGitlab();
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('no-new-critical');
    expect(parseXml(readFileSync(join(failing.dir, 'secscan-junit.xml'), 'utf8')).name).toBe('testsuites');
    const passing = runReadmeGitlab('main');
    expect(passing.code, passing.stderr).toBe(0);
    expect(readFileSync(join(passing.dir, 'secscan-summary.md'), 'utf8')).toContain(
      'Security gate passed: shop',
    );
  });
});
