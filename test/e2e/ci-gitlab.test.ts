import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { machineEnv, packTarball, project, root, type Tarball } from './ci/setup.js';
import { type RunningSandbox, startSandbox } from './sandbox.js';

/**
 * The GitLab CI template (ci/secscan.gitlab-ci.yml) included by a project's pipeline and its jobs run as
 * GitLab's runner runs them, against a real sandbox, with secscan installed from the release tarball.
 * test/e2e/ci-install-checkout.test.ts builds it from a checkout instead.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-ci-gitlab-'));
const sha = 'c0ffee0000000000000000000000000000000002';
const templateFile = join(root, 'ci/secscan.gitlab-ci.yml');
const template = parseGitlab(readFileSync(templateFile, 'utf8'));

/** The scan under test: `{ version: sha, wait: '2m' }` once `scans check` has them (issue 19 §1). */
const scanUnderTest = { version: '', wait: '' };

let tarball: Tarball;
let sandbox: RunningSandbox;
let count = 0;

beforeAll(async () => {
  tarball = packTarball(join(temp, 'release'));
  sandbox = await startSandbox();
}, 120_000);

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
  const run = (name: string) =>
    runGitlabJob(config, name, machineEnv(join(dir, '.home')), predefined, {
      ...sandbox.settings,
      ...settings,
    });
  return { dir, config, run };
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
  it('is two hidden jobs GitLab accepts: install, and the gate with its reports; no stages of its own', () => {
    expect(Object.keys(template).sort()).toEqual(['.secscan-gate', '.secscan-install']);
    expect(validateGitlab(template)).toEqual([]);
    const gate = job(template, '.secscan-gate');
    expect(gate.before_script).toEqual(job(template, '.secscan-install').before_script);
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

  it('installs the release tarball and gates: the feature branch fails the job (exit 1) with the JUnit report', () => {
    const { dir, run } = pipeline(gateJob({}), {
      SECSCAN_INSTALL_TARBALL: tarball.file,
      SECSCAN_INSTALL_SHA256: tarball.sha256.toUpperCase(),
    });
    const failing = run('security-gate');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/^secscan \d+\.\d+\.\d+ is installed: \/.*\/bin\/secscan$/m);
    expect(failing.stdout).toContain('no-new-critical');
    expect(failing.stderr).not.toContain('warning');
    const junit = parseXml(readFileSync(join(dir, 'secscan-junit.xml'), 'utf8'));
    expect(junit.children[0]?.attributes.failures).toBe('2');
    expect(readFileSync(join(dir, 'secscan-summary.md'), 'utf8')).toContain('Security gate failed: shop');
  });

  it('passes on main (exit 0); a tarball without its SHA-256 is installed with a warning', () => {
    const { run } = pipeline(gateJob({ SECSCAN_GATE_TARGET_BRANCH: 'main' }), {
      SECSCAN_INSTALL_TARBALL: tarball.file,
    });
    const passing = run('security-gate');
    expect(passing.code).toBe(0);
    expect(passing.stderr).toContain(
      `warning: SECSCAN_INSTALL_SHA256 is not set: ${tarball.file} (SHA-256 ${tarball.sha256})`,
    );
  });

  it('.secscan-install puts secscan on PATH for the job’s own script, extended or taken by !reference', () => {
    const script = [
      'secscan compounds list -o json > compounds.json',
      'test -s compounds.json',
      'command -v secscan',
    ];
    const { run } = pipeline(
      {
        extended: {
          extends: '.secscan-install',
          variables: { SECSCAN_INSTALL_SHA256: tarball.sha256 },
          script,
        },
        // Without the template's variables: SECSCAN_INSTALL_CHECKOUT and _SHA256 are not set at all.
        referenced: { before_script: [{ '!reference': ['.secscan-install', 'before_script'] }], script },
      },
      { SECSCAN_INSTALL_TARBALL: tarball.file },
    );
    const extended = run('extended');
    expect(extended.code, extended.stderr).toBe(0);
    expect(extended.stdout.trim().split('\n').at(-1)).toMatch(/\/bin\/secscan$/);
    const referenced = run('referenced');
    expect(referenced.code, referenced.stderr).toBe(0);
    expect(referenced.stderr).toContain('warning: SECSCAN_INSTALL_SHA256 is not set');
  });

  it('refuses no source, two sources, a SHA-256 mismatch and a URL that is not https, before any gate', () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'error: set SECSCAN_INSTALL_TARBALL (the release tarball'],
      [{ SECSCAN_INSTALL_TARBALL: tarball.file, SECSCAN_INSTALL_CHECKOUT: root }, 'not both'],
      [
        { SECSCAN_INSTALL_TARBALL: tarball.file, SECSCAN_INSTALL_SHA256: 'f'.repeat(64) },
        `has SHA-256 ${tarball.sha256}, not`,
      ],
      [{ SECSCAN_INSTALL_TARBALL: 'http://127.0.0.1:9/secscan.tgz' }, 'not an https:// URL nor a path'],
    ];
    for (const [settings, message] of cases) {
      const { dir, run } = pipeline(gateJob({}), settings);
      const r = run('security-gate');
      expect(r.code, message).toBe(2);
      expect(r.stderr).toContain(message);
      expect(() => readFileSync(join(dir, 'secscan-junit.xml'))).toThrow();
    }
  });
});

describe('ci/secscan.gitlab-ci.yml in a merge request pipeline: the scan of its commit waited for, one note', () => {
  const mergeRequest = (iid: number, token?: string) => ({
    SECSCAN_INSTALL_TARBALL: tarball.file,
    SECSCAN_INSTALL_SHA256: tarball.sha256,
    GITLAB_CI: 'true',
    CI_API_V4_URL: `${sandbox.baseUrl}/_providers/gitlab/api/v4`,
    CI_PROJECT_ID: '77',
    CI_PROJECT_URL: 'https://gitlab.example.com/acme/shop',
    CI_MERGE_REQUEST_IID: String(iid),
    CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
    CI_JOB_TOKEN: 'job-token',
    ...(token ? { SECSCAN_GITLAB_TOKEN: token } : {}),
  });
  const notes = async (iid: number): Promise<{ body: string }[]> => {
    const res = await fetch(
      `${sandbox.baseUrl}/_providers/_control/gitlab/comments?repository=77&number=${iid}`,
      { headers: { authorization: `Bearer ${sandbox.token}` } },
    );
    return ((await res.json()) as { comments: { body: string }[] }).comments;
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
    record(sha, ['--running', '1s']);
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
  }, 60_000);

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
