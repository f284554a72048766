import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { parse } from 'yaml';
import { parseXml } from '../helpers/xml.js';
import { evaluate, type Value } from './ci/expressions.js';
import { GithubRunner } from './ci/github.js';
import { type Release, release } from '../helpers/release.js';
import { machineEnv, pkg, project, root, validateAction } from './ci/setup.js';
import { type RunningSandbox, startSandbox } from './sandbox.js';

/**
 * The repository's GitHub Action (action.yml) run as the runner runs a composite action, against a real
 * sandbox: secscan installed from a release directory (`npm run release` of this build: the executable,
 * checked against SHA256SUMS, no npm at all), then `scans check`. test/e2e/ci-install-checkout.test.ts
 * builds it from the action's checkout instead.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-ci-action-'));
const sha = 'c0ffee0000000000000000000000000000000001';

/**
 * The scan under test. Issue 19 §1 adds `scans check --version/--wait`; once they are there, this line
 * becomes `{ version: sha, wait: '2m' }` and the feature branch's scan is recorded with that version.
 */
const scanUnderTest = { version: '', wait: '' };

let rel: Release;
let sandbox: RunningSandbox;
let count = 0;

beforeAll(async () => {
  rel = release();
  sandbox = await startSandbox();
  if (scanUnderTest.version) {
    execFileSync(
      process.execPath,
      [
        join(root, 'bin/secscan.js'),
        'sandbox',
        'scan',
        '--compound',
        'shop',
        '--branch',
        'feature/checkout',
        '--version',
        sha,
      ],
      { env: { ...connection(), PATH: process.env.PATH }, stdio: 'pipe' },
    );
  }
}, 600_000);

afterAll(async () => {
  await sandbox?.stop();
  rmSync(temp, { recursive: true, force: true });
});

const connection = () => sandbox.settings;

/** A fresh workspace (the repository's rules file in it) and a runner for one job. */
function runner(github: Record<string, string> = {}): GithubRunner {
  const workspace = project(join(temp, `job-${(count += 1)}`));
  // No address but loopback: a download that would leave the machine goes to a closed port instead.
  const env = { ...machineEnv(join(workspace, '.home')), https_proxy: 'http://127.0.0.1:9' };
  return new GithubRunner({
    workspace,
    env,
    github: { sha, event: {}, ...github },
    resolve: () => undefined,
  });
}

/** A copy of the release (its files linked) whose SHA256SUMS gives `file` another sum: as if it were tampered with. */
function tampered(file: string): string {
  const dir = mkdtempSync(join(temp, 'tampered-'));
  for (const name of Object.keys(rel.sums)) symlinkSync(join(rel.dir, name), join(dir, name));
  const sums = readFileSync(join(rel.dir, 'SHA256SUMS'), 'utf8');
  writeFileSync(
    join(dir, 'SHA256SUMS'),
    sums.replace(`${rel.sums[file]}  ${file}`, `${'0'.repeat(64)}  ${file}`),
  );
  return dir;
}

const gate = {
  compound: 'shop',
  rules: '.secscan/rules.yml',
  'target-branch': 'feature/checkout',
  'source-branch': 'main',
  ...scanUnderTest,
};

function run(job: GithubRunner, inputs: Record<string, string>) {
  const outputs = job.runAction(root, inputs, connection());
  const step = (name: string) => job.log.findLast((s) => s.name === name);
  return { outputs, install: step('Install secscan'), gate: step('Gate the merge') };
}

describe('action.yml', () => {
  it('passes action-validator, as does a workflow using every input; a broken one does not', () => {
    expect(validateAction(join(root, 'action.yml'))).toEqual({ code: 0, output: '' });
    const action = parse(readFileSync(join(root, 'action.yml'), 'utf8'));
    const workflow = join(temp, 'workflow.yml');
    const inputs = Object.fromEntries(
      Object.keys(action.inputs).map((k) => [k, `\${{ vars.SECSCAN_${k} }}`]),
    );
    writeFileSync(
      workflow,
      JSON.stringify({
        on: 'pull_request',
        jobs: {
          gate: {
            'runs-on': 'ubuntu-latest',
            steps: [{ uses: `your-org/secscan@v${pkg.version}`, with: inputs }],
          },
        },
      }),
    );
    expect(validateAction(workflow)).toEqual({ code: 0, output: '' });
    const broken = join(temp, 'broken', 'action.yml');
    mkdirSync(join(temp, 'broken'));
    writeFileSync(
      broken,
      readFileSync(join(root, 'action.yml'), 'utf8').replace('using: composite', 'using: compost'),
    );
    const refused = validateAction(broken);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('runs');
  });

  it("defaults the scan's version to the pull request's head commit, else the run's commit", () => {
    const { default: version } = parse(readFileSync(join(root, 'action.yml'), 'utf8')).inputs.version;
    const at = (event: Record<string, Value>) =>
      evaluate(String(version).replace(/^\$\{\{|\}\}$/g, ''), {
        failed: false,
        contexts: { github: { sha, event } },
      });
    expect(at({ pull_request: { head: { sha: 'abc123' } } })).toBe('abc123');
    expect(at({})).toBe(sha);
  });

  it('installs the executable from a release directory and gates: the feature branch fails (exit 1) with its reports and summary', () => {
    const job = runner();
    const { outputs, install, gate: step } = run(job, { ...gate, release: rel.dir });
    expect(install?.code, install?.stdout).toBe(0);
    expect(install?.stdout).toContain('(binary)');
    // The action puts the directory on PATH itself (GITHUB_PATH): no advice to add it.
    expect(`${install?.stdout}${install?.stderr}`).not.toContain('is not on PATH');
    expect(outputs['secscan-version']).toBe(pkg.version);
    const bin = dirname(outputs.secscan as string);
    expect(bin.startsWith(join(job.runnerTemp, 'secscan'))).toBe(true);
    expect(outputs.secscan).toBe(join(bin, 'secscan'));
    expect(readFileSync(job.files.GITHUB_PATH, 'utf8')).toBe(`${bin}\n`);
    // The executable alone: no package, no npm install, byte for byte the release's.
    expect(readdirSync(join(bin, '..'))).toEqual(['bin']);
    expect(
      createHash('sha256')
        .update(readFileSync(join(bin, 'secscan')))
        .digest('hex'),
    ).toBe(rel.sums['secscan-linux-x64']);
    expect(step?.code).toBe(1);
    expect(step?.stdout).toContain('no-new-critical');
    expect(job.failed).toBe(true);
    expect(outputs['exit-code']).toBe('1');
    const workspace = join(job.runnerTemp, '..', '..');
    expect(outputs['report-junit']).toBe('secscan-junit.xml');
    const junit = parseXml(readFileSync(join(workspace, outputs['report-junit'] as string), 'utf8'));
    expect(junit.children[0]?.attributes.failures).toBe('2');
    expect(JSON.parse(readFileSync(join(workspace, outputs['report-sarif'] as string), 'utf8')).version).toBe(
      '2.1.0',
    );
    expect(outputs['report-json']).toBe('');
    const summary = readFileSync(job.files.GITHUB_STEP_SUMMARY, 'utf8');
    expect(summary.match(/Security gate failed: shop/g)).toHaveLength(1);
    expect(summary).toBe(readFileSync(join(workspace, 'secscan-summary.md'), 'utf8'));
  });

  it('passes on main (exit 0), and a gate not evaluated keeps its exit code (5) and writes its reports', () => {
    const passing = run(runner(), {
      ...gate,
      release: rel.dir,
      'target-branch': 'main',
      'report-json': 'gate.json',
    });
    expect(passing.gate?.code).toBe(0);
    expect(passing.outputs['exit-code']).toBe('0');
    expect(passing.outputs['report-json']).toBe('gate.json');
    const job = runner();
    const unknown = run(job, {
      ...gate,
      release: rel.dir,
      compound: 'no-such-compound',
      summary: 'false',
    });
    expect(unknown.gate?.code).toBe(5);
    expect(unknown.outputs['exit-code']).toBe('5');
    expect(readFileSync(job.files.GITHUB_STEP_SUMMARY, 'utf8')).toBe('');
    const junit = readFileSync(join(job.runnerTemp, '..', '..', 'secscan-junit.xml'), 'utf8');
    expect(junit).toContain('no-such-compound');
  });

  it('without a compound installs only, and a second use in the job reuses the install', () => {
    const job = runner();
    const first = run(job, { release: rel.dir });
    expect(first.install?.code).toBe(0);
    expect(first.gate?.stderr).toBe('skipped: if');
    expect(first.outputs['exit-code']).toBe('');
    const second = run(job, { release: rel.dir });
    expect(second.outputs.secscan).toBe(first.outputs.secscan);
    expect(second.install?.stdout).not.toContain('install.sh:');
    expect(job.failed).toBe(false);
    const installed = execFileSync(first.outputs.secscan as string, ['--version'], { encoding: 'utf8' });
    expect(installed).toBe(`${pkg.version}\n`);
  });

  it("by default installs the release of the action's own tag, or of its package.json's version for a commit", () => {
    const url = `https://github.com/acme/secscan/releases/download/v${pkg.version}`;
    const tagged = run(runner({ action_repository: 'acme/secscan', action_ref: `v${pkg.version}` }), {});
    // The download is tried (here it meets a closed port: nothing leaves the machine) at the release's address.
    expect(tagged.install?.code).toBe(1);
    expect(tagged.install?.stdout).toContain(
      `::error title=secscan::install.sh: ${url}/SHA256SUMS: the download failed`,
    );
    const pinned = run(runner({ action_repository: 'acme/secscan', action_ref: sha }), {});
    expect(pinned.install?.stdout).toContain(
      `::notice title=secscan::the action's ref ${sha} is not a release tag: installing the release v${pkg.version}`,
    );
    expect(pinned.install?.stdout).toContain(`${url}/SHA256SUMS: the download failed`);
    const unknown = run(runner(), {});
    expect(unknown.install?.stdout).toContain(
      "::error title=secscan::no release to install from: the action's repository is unknown here",
    );
  });

  it('refuses a file that does not match SHA256SUMS, a URL that is not https and two sources, before any gate', () => {
    for (const file of ['secscan-linux-x64', `secscan-${pkg.version}.tgz`]) {
      const job = runner();
      const form = file.endsWith('.tgz') ? 'tarball' : 'binary';
      // The tarball is chosen where the release has no executable for the runner: here, by hiding it.
      const dir = tampered(file);
      if (form === 'tarball') {
        const sums = readFileSync(join(dir, 'SHA256SUMS'), 'utf8');
        writeFileSync(join(dir, 'SHA256SUMS'), sums.replace(/^.*secscan-linux-x64\n/m, ''));
      }
      const mismatch = run(job, { ...gate, release: dir });
      expect(mismatch.install?.code, form).toBe(1);
      expect(mismatch.install?.stdout).toContain(
        `::error title=secscan::install.sh: ${file} does not match SHA256SUMS (SHA-256 ${rel.sums[file]}, not ${'0'.repeat(64)}): nothing installed`,
      );
      expect(mismatch.outputs.secscan).toBe('');
      expect(mismatch.gate?.stderr).toBe('skipped: if');
      expect(readFileSync(job.files.GITHUB_PATH, 'utf8')).toBe('');
      expect(
        existsSync(join(job.runnerTemp, 'secscan')) && readdirSync(join(job.runnerTemp, 'secscan')),
      ).toEqual([]);
    }
    const http = run(runner(), { release: 'http://127.0.0.1:9/release' });
    expect(http.install?.code).toBe(1);
    expect(http.install?.stdout).toContain(
      '::error title=secscan::install.sh: http://127.0.0.1:9/release: not an https:// URL: secscan is never downloaded in the clear',
    );
    const both = run(runner(), { release: rel.dir, 'from-checkout': 'true' });
    expect(both.install?.stdout).toContain(
      '::error title=secscan::release and from-checkout: true: give one of them',
    );
  });
});

describe('action.yml on a pull request: the scan of its head waited for, the merge target, one comment', () => {
  // A connection of its own each time: the jobs run synchronously (this process's event loop stands still
  // for as long as a job waits for its scan), so a kept-alive socket the sandbox closed meanwhile would be
  // written to before its close is seen.
  const control = async (path: string, method = 'GET', body?: unknown) => {
    const dispatcher = new Agent();
    try {
      const res = await fetch(`${sandbox.baseUrl}/_providers/_control/${path}`, {
        method,
        headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        dispatcher,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the control routes answer JSON.
      return (await res.json()) as any;
    } finally {
      await dispatcher.close();
    }
  };
  /** A runner for a pull_request event of acme/shop, GitHub's API the sandbox's stand-in. */
  function pullRequestRunner(number: number, head: string, token: string, fork = false): GithubRunner {
    const workspace = project(join(temp, `job-${(count += 1)}`));
    return new GithubRunner({
      workspace,
      env: machineEnv(join(workspace, '.home')),
      github: {
        sha,
        event_name: 'pull_request',
        repository: 'acme/shop',
        base_ref: 'main',
        api_url: `${sandbox.baseUrl}/_providers/github`,
        token,
        event: {
          pull_request: {
            number,
            head: { sha: head, repo: { full_name: fork ? 'mallory/shop' : 'acme/shop' } },
            base: { repo: { full_name: 'acme/shop' } },
          },
        },
      },
      resolve: () => undefined,
    });
  }
  // Running for longer than the job's install and start can take on a loaded machine (1 s was not): the
  // gate must find it still running, so that the wait is what the test sees.
  const recordRunningScan = (version: string) =>
    execFileSync(
      process.execPath,
      [
        ...[join(root, 'bin/secscan.js'), 'sandbox', 'scan', '--compound', 'shop'],
        ...['--branch', 'feature/action', '--version', version, '--running', '12s', '--new', 'critical=1'],
      ],
      { env: { ...connection(), PATH: process.env.PATH }, stdio: 'pipe' },
    );
  const inputs = { compound: 'shop', rules: '.secscan/rules.yml' };

  it('waits for the head commit’s scan by default, compares with main, posts the verdict once and leaves it alone after', async () => {
    const headSha = 'feed000000000000000000000000000000000001';
    recordRunningScan(headSha);
    const job = pullRequestRunner(21, headSha, 'ghs_sandboxWriteToken');
    const first = run(job, { ...inputs, release: rel.dir });
    expect(first.gate?.code).toBe(1);
    expect(first.gate?.stderr).toContain('waiting for the scan of feed000 on shop');
    expect(first.gate?.stdout).toMatch(
      /Scan \d+: findings new since scan \d+ of main, \w+ \(baseline: the merge target, \$GITHUB_BASE_REF\)\./,
    );
    expect(first.gate?.stderr).toContain("The gate's comment on GitHub pull request #21: posted.");
    const { comments } = await control('github/comments?repository=acme/shop&number=21');
    expect(comments).toHaveLength(1);
    expect(comments[0].body).toMatch(/^<!-- secscan:gate:shop -->\n### ❌ Security gate failed: shop\n/);
    expect(comments[0].body).toContain(`https://github.com/acme/shop/blob/${headSha}/`);
    const again = run(pullRequestRunner(21, headSha, 'ghs_sandboxWriteToken'), {
      ...inputs,
      release: rel.dir,
    });
    expect(again.gate?.stderr).toContain('unchanged (nothing new to say): not written.');
    expect((await control('github/comments?repository=acme/shop&number=21')).comments).toHaveLength(1);
  }, 120_000);

  it('a fork’s read-only token: one notice, the comment file as an output, the step failing with the gate’s code', async () => {
    const headSha = 'feed000000000000000000000000000000000002';
    recordRunningScan(headSha);
    const job = pullRequestRunner(22, headSha, 'ghs_sandboxReadToken', true);
    const { outputs, gate: step } = run(job, { ...inputs, release: rel.dir });
    expect(step?.code).toBe(1);
    expect(outputs['exit-code']).toBe('1');
    expect(outputs['comment-file']).toBe('secscan-comment.json');
    expect(step?.stderr).toContain(
      '::notice title=secscan::No comment on GitHub pull request #22: GitHub: a pull request from a fork runs with a read-only GITHUB_TOKEN',
    );
    const saved = JSON.parse(readFileSync(join(job.runnerTemp, '..', '..', 'secscan-comment.json'), 'utf8'));
    expect(saved.pull_request).toMatchObject({ number: 22, head_sha: headSha });
    expect((await control('github/comments?repository=acme/shop&number=22')).comments).toEqual([]);
  }, 60_000);
});
