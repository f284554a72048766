import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { stringify } from 'yaml';
import { parseXml } from '../helpers/xml.js';
import {
  type Config,
  expand,
  job,
  parseGitlab,
  runGitlabJob,
  validateGitlab,
  withIncludes,
} from './ci/gitlab.js';
import { type Release, release } from '../helpers/release.js';
import { machineEnv, project, root } from './ci/setup.js';
import { type RunningSandbox, startSandbox } from './sandbox.js';

/**
 * The GitLab CI template (ci/secscan.gitlab-ci.yml) included by a project's pipeline and its jobs run as
 * GitLab's runner runs them, against a real sandbox, with secscan installed from a release directory
 * (`npm run release` of this build) by the release's install.sh.
 * test/e2e/ci-install-checkout.test.ts builds it from a checkout instead.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-ci-gitlab-'));
const sha = 'c0ffee0000000000000000000000000000000002';
const templateFile = join(root, 'ci/secscan.gitlab-ci.yml');
const template = parseGitlab(readFileSync(templateFile, 'utf8'));

/** The scan under test: `{ version: sha, wait: '2m' }` once `scans check` has them (issue 19 §1). */
const scanUnderTest = { version: '', wait: '' };

let rel: Release;
let sandbox: RunningSandbox;
let count = 0;

beforeAll(async () => {
  rel = release();
  sandbox = await startSandbox();
}, 600_000);

afterAll(async () => {
  await sandbox?.stop();
  rmSync(temp, { recursive: true, force: true });
});

/** A project whose .gitlab-ci.yml includes the template, run as a merge request pipeline of its branch. */
function pipeline(jobs: Config, settings: Record<string, string> = {}) {
  const dir = project(join(temp, `project-${(count += 1)}`));
  const own = { include: [{ local: 'ci/secscan.gitlab-ci.yml' }], ...jobs };
  writeFileSync(join(dir, '.gitlab-ci.yml'), stringify(own));
  const config = withIncludes(own, (entry) => {
    expect(entry).toEqual({ local: 'ci/secscan.gitlab-ci.yml' });
    return readFileSync(templateFile, 'utf8');
  });
  const predefined = {
    CI_PROJECT_DIR: dir,
    CI_COMMIT_SHA: sha,
    CI_COMMIT_REF_NAME: 'feature/checkout',
    CI_PIPELINE_SOURCE: 'merge_request_event',
  };
  // No address but loopback: a download that would leave the machine goes to a closed port instead.
  const machine: Record<string, string> = {
    ...machineEnv(join(dir, '.home')),
    https_proxy: 'http://127.0.0.1:9',
  };
  const run = (name: string) =>
    runGitlabJob(config, name, machine, predefined, { ...sandbox.settings, ...settings });
  /** What the jobs left in the machine's TMPDIR. */
  const leftInTmp = () => readdirSync(machine.TMPDIR as string);
  return { dir, config, run, leftInTmp };
}

const gateJob = (variables: Record<string, string>) => ({
  'security-gate': {
    extends: '.secscan-gate',
    variables: {
      SECSCAN_GATE_COMPOUND: 'shop',
      SECSCAN_GATE_RULES: '.secscan/rules.yml',
      SECSCAN_GATE_TARGET_BRANCH: 'feature/checkout',
      SECSCAN_GATE_SOURCE_BRANCH: 'main',
      SECSCAN_GATE_VERSION: scanUnderTest.version,
      SECSCAN_GATE_WAIT: scanUnderTest.wait,
      ...variables,
    },
  },
});

describe('ci/secscan.gitlab-ci.yml', () => {
  it('is hidden jobs GitLab accepts: install, the gate with its reports, the gate on the image; no stages of its own', () => {
    expect(Object.keys(template).sort()).toEqual([
      '.secscan-gate',
      '.secscan-gate-image',
      '.secscan-install',
    ]);
    expect(validateGitlab(template)).toEqual([]);
    const gate = job(template, '.secscan-gate');
    expect(gate.before_script).toEqual(job(template, '.secscan-install').before_script);
    expect(gate.after_script).toEqual(['rm -rf "${TMPDIR:-/tmp}/secscan-job-$CI_JOB_ID"']);
    expect(gate.artifacts).toMatchObject({
      when: 'always',
      reports: {
        junit: 'secscan-junit.xml',
        codequality: 'gl-code-quality-report.json',
        sast: 'gl-sast-report.json',
      },
    });
    const variables = gate.variables as Record<string, string>;
    expect(expand(variables.SECSCAN_GATE_VERSION as string, { CI_COMMIT_SHA: sha })).toBe(sha);
    expect(variables).toMatchObject({ SECSCAN_GATE_CODEQUALITY: 'false', SECSCAN_GATE_GITLAB_SAST: 'false' });
    // The checks find what they check.
    expect(
      validateGitlab({ a: { script: 'echo', artifacts: { reports: { sarif: 'x' } } }, b: { stage: 'test' } }),
    ).toEqual([
      'a.script: a non-empty list',
      'a.artifacts.reports.sarif: unknown report type',
      'b: a job needs a script',
    ]);
  });

  it('installs the release and gates: the feature branch fails the job (exit 1) with the JUnit report; nothing is left in TMPDIR', () => {
    const { dir, run, leftInTmp } = pipeline(gateJob({}), { SECSCAN_RELEASE_URL: rel.dir });
    const failing = run('security-gate');
    expect(failing.code).toBe(1);
    const installed = /^secscan \d+\.\d+\.\d+ is installed: (\/.*\/bin\/secscan)$/m.exec(failing.stdout)?.[1];
    expect(installed).toMatch(/\/secscan-job-\d+\/bin\/secscan$/);
    expect(failing.stderr).toContain('(binary)');
    // The template puts the directory on the job's PATH itself: no advice to add it.
    expect(`${failing.stdout}${failing.stderr}`).not.toContain('is not on PATH');
    expect(failing.stdout).toContain('no-new-critical');
    const junit = parseXml(readFileSync(join(dir, 'secscan-junit.xml'), 'utf8'));
    expect(junit.children[0]?.attributes.failures).toBe('2');
    expect(readFileSync(join(dir, 'secscan-summary.md'), 'utf8')).toContain('Security gate failed: shop');
    // The after_script removed the job's install (94 MB an executable, 9 MB a tarball), on a failed job too.
    expect(failing.after).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(leftInTmp()).toEqual([]);
  });

  it('passes on main (exit 0), with the tarball where the release has no executable for the machine', () => {
    const dir = mkdtempSync(join(temp, 'no-executable-'));
    for (const name of Object.keys(rel.sums)) symlinkSync(join(rel.dir, name), join(dir, name));
    writeFileSync(
      join(dir, 'SHA256SUMS'),
      readFileSync(join(rel.dir, 'SHA256SUMS'), 'utf8').replace(/^.*secscan-linux-x64\n/m, ''),
    );
    const { run, leftInTmp } = pipeline(gateJob({ SECSCAN_GATE_TARGET_BRANCH: 'main' }), {
      SECSCAN_RELEASE_URL: dir,
    });
    const passing = run('security-gate');
    expect(passing.code, passing.stderr).toBe(0);
    expect(passing.stderr).toContain('(tarball)');
    expect(leftInTmp()).toEqual([]);
  });

  it('.secscan-install puts secscan on PATH for the job’s own script, extended or taken by !reference', () => {
    const script = [
      'secscan compounds list -o json > compounds.json',
      'test -s compounds.json',
      'command -v secscan',
    ];
    const { run } = pipeline(
      {
        extended: { extends: '.secscan-install', script },
        // Without the template's variables: SECSCAN_VERSION and SECSCAN_INSTALL_CHECKOUT are not set at all.
        referenced: { before_script: [{ '!reference': ['.secscan-install', 'before_script'] }], script },
      },
      { SECSCAN_RELEASE_URL: rel.dir },
    );
    const extended = run('extended');
    expect(extended.code, extended.stderr).toBe(0);
    expect(extended.stdout.trim().split('\n').at(-1)).toMatch(/\/bin\/secscan$/);
    const referenced = run('referenced');
    expect(referenced.code, referenced.stderr).toBe(0);
    // Two jobs, each installing the 100 MB executable: over 20 s on a loaded 2-core machine.
  }, 120_000);

  it('refuses no source, two sources, a file that does not match SHA256SUMS and a URL that is not https, before any gate', () => {
    const tampered = mkdtempSync(join(temp, 'tampered-'));
    for (const name of Object.keys(rel.sums)) symlinkSync(join(rel.dir, name), join(tampered, name));
    const sum = rel.sums['secscan-linux-x64'] as string;
    writeFileSync(
      join(tampered, 'SHA256SUMS'),
      readFileSync(join(rel.dir, 'SHA256SUMS'), 'utf8').replace(sum, 'f'.repeat(64)),
    );
    const cases: [Record<string, string>, number, string][] = [
      [
        {},
        2,
        'error: set SECSCAN_VERSION (and the CI/CD variable SECSCAN_REPO), SECSCAN_RELEASE_URL or SECSCAN_INSTALL_CHECKOUT',
      ],
      [{ SECSCAN_VERSION: '0.1.0' }, 2, 'error: set SECSCAN_VERSION (and the CI/CD variable SECSCAN_REPO)'],
      [{ SECSCAN_VERSION: '0.1.0', SECSCAN_INSTALL_CHECKOUT: root }, 2, 'not both'],
      [
        { SECSCAN_RELEASE_URL: tampered },
        1,
        `install.sh: secscan-linux-x64 does not match SHA256SUMS (SHA-256 ${sum}, not ${'f'.repeat(64)}): nothing installed`,
      ],
      [{ SECSCAN_RELEASE_URL: 'http://127.0.0.1:9/release' }, 2, 'is not an https:// URL nor a directory'],
      // The release's address on GitHub (here a closed port answers for it: nothing leaves the machine).
      [
        { SECSCAN_VERSION: '0.1.0', SECSCAN_REPO: 'acme/secscan' },
        1,
        'error: https://github.com/acme/secscan/releases/download/v0.1.0/SHA256SUMS: the download failed',
      ],
    ];
    for (const [settings, code, message] of cases) {
      const { dir, run, leftInTmp } = pipeline(gateJob({}), settings);
      const r = run('security-gate');
      expect(r.stderr, message).toContain(message);
      expect(r.code, message).toBe(code);
      expect(() => readFileSync(join(dir, 'secscan-junit.xml'))).toThrow();
      expect(leftInTmp()).toEqual([]);
    }
  });
});

describe('ci/secscan.gitlab-ci.yml in a merge request pipeline: the scan of its commit waited for, one note', () => {
  const mergeRequest = (iid: number, token?: string) => ({
    SECSCAN_RELEASE_URL: rel.dir,
    GITLAB_CI: 'true',
    CI_API_V4_URL: `${sandbox.baseUrl}/_providers/gitlab/api/v4`,
    CI_PROJECT_ID: '77',
    CI_PROJECT_URL: 'https://gitlab.example.com/acme/shop',
    CI_MERGE_REQUEST_IID: String(iid),
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
    CI_JOB_TOKEN: 'job-token',
    ...(token ? { SECSCAN_GITLAB_TOKEN: token } : {}),
  });
  // A connection of its own each time: the jobs run synchronously (the event loop stands still while a job
  // waits for its scan), so a kept-alive socket the sandbox closed meanwhile would be written to.
  const notes = async (iid: number): Promise<{ body: string }[]> => {
    const dispatcher = new Agent();
    try {
      const res = await fetch(
        `${sandbox.baseUrl}/_providers/_control/gitlab/comments?repository=77&number=${iid}`,
        { headers: { authorization: `Bearer ${sandbox.token}` }, dispatcher },
      );
      return ((await res.json()) as { comments: { body: string }[] }).comments;
    } finally {
      await dispatcher.close();
    }
  };
  const gate = {
    'security-gate': {
      extends: '.secscan-gate',
      variables: { SECSCAN_GATE_COMPOUND: 'shop', SECSCAN_GATE_RULES: '.secscan/rules.yml' },
    },
  };

  /** A scan of the feature branch with a new critical finding, of that version (running for a second). */
  const record = (version: string, running: string[] = []) =>
    execFileSync(
      process.execPath,
      [
        ...[join(root, 'bin/secscan.js'), 'sandbox', 'scan', '--compound', 'shop', '--branch', 'feature/mr'],
        ...['--version', version, ...running, '--new', 'critical=1'],
      ],
      { env: { ...sandbox.settings, PATH: process.env.PATH }, stdio: 'pipe' },
    );

  it('waits for the commit’s scan by default, compares with the target branch and posts the verdict as one note', async () => {
    // Running for longer than the job's install and start can take on a loaded machine (1 s was not): the
    // gate must find it still running, so that the wait is what the test sees.
    record(sha, ['--running', '12s']);
    const { run } = pipeline(gate, mergeRequest(31, 'glpat-sandbox-write'));
    const r = run('security-gate');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('waiting for the scan of c0ffee0 on shop');
    expect(r.stdout).toMatch(
      /findings new since scan \d+ of main, \w+ \(baseline: the merge target, \$CI_MERGE_REQUEST_TARGET_BRANCH_NAME\)/,
    );
    expect(r.stderr).toContain("The gate's comment on GitLab merge request !31: posted.");
    const posted = await notes(31);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toContain(`https://gitlab.example.com/acme/shop/-/blob/${sha}/`);
  }, 120_000);

  it('without SECSCAN_GITLAB_TOKEN: one line says CI_JOB_TOKEN cannot write notes, the job fails with the gate’s code', async () => {
    record('c0ffee-no-token');
    const own = {
      'security-gate': {
        ...gate['security-gate'],
        variables: { ...gate['security-gate'].variables, SECSCAN_GATE_VERSION: 'c0ffee-no-token' },
      },
    };
    const { dir, run } = pipeline(own, mergeRequest(32));
    const r = run('security-gate');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'No comment on GitLab merge request !32: GitLab: SECSCAN_GITLAB_TOKEN is not set: CI_JOB_TOKEN cannot write merge request notes',
    );
    expect(await notes(32)).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'secscan-comment.json'), 'utf8')).pull_request).toMatchObject({
      provider: 'gitlab',
      number: 32,
    });
  }, 60_000);
});
