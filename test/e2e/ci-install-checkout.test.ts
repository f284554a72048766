import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { runGitlabJob, withIncludes } from './ci/gitlab.js';
import { GithubRunner } from './ci/github.js';
import { copyCheckout, machineEnv, pkg, project } from './ci/setup.js';
import { type RunningSandbox, startSandbox } from './sandbox.js';

/**
 * The action's `from-checkout: true` and the template's SECSCAN_INSTALL_CHECKOUT: secscan built from a
 * checkout of this repository (a copy of its tracked files, nothing built) with `npm ci` (install scripts
 * off) and `npm run build`, then packed and installed by install.sh as a release's tarball is. Each build
 * takes a minute.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-ci-checkout-'));
const checkout = join(temp, 'secscan');
let sandbox: RunningSandbox;

beforeAll(async () => {
  copyCheckout(checkout);
  sandbox = await startSandbox();
}, 120_000);

// Two installs of the lockfile (about 300 MB each) to remove.
afterAll(async () => {
  await sandbox?.stop();
  rmSync(temp, { recursive: true, force: true });
}, 300_000);

const workspace = (name: string) => project(join(temp, name));
const connection = () => sandbox.settings;

describe('secscan built from a checkout of this repository', () => {
  it('the action, given from-checkout: true, builds from its own checkout and gates', () => {
    expect(existsSync(join(checkout, 'dist'))).toBe(false);
    const dir = workspace('github');
    const job = new GithubRunner({
      workspace: dir,
      env: machineEnv(join(dir, '.home')),
      github: { sha: 'c0ffee', event: {} },
      resolve: () => undefined,
    });
    const inputs = {
      'from-checkout': 'true',
      compound: 'shop',
      rules: '.secscan/rules.yml',
      'target-branch': 'feature/checkout',
      'source-branch': 'main',
      version: '',
    };
    const outputs = job.runAction(checkout, inputs, connection());
    const install = job.log.find((s) => s.name === 'Install secscan');
    expect(install?.code, install?.stderr).toBe(0);
    expect(install?.stdout).toContain(`Building secscan from the action's checkout (${checkout})`);
    expect(outputs['secscan-version']).toBe(pkg.version);
    expect(outputs['exit-code']).toBe('1');
    expect(readFileSync(join(dir, 'secscan-junit.xml'), 'utf8')).toContain('no-new-critical');
  }, 600_000);

  it('the GitLab template, given SECSCAN_INSTALL_CHECKOUT, builds from it and gates', () => {
    const dir = workspace('gitlab');
    const own = {
      include: [{ local: 'ci/secscan.gitlab-ci.yml' }],
      'security-gate': {
        extends: '.secscan-gate',
        variables: {
          SECSCAN_INSTALL_CHECKOUT: checkout,
          SECSCAN_GATE_COMPOUND: 'shop',
          SECSCAN_GATE_RULES: '.secscan/rules.yml',
          SECSCAN_GATE_TARGET_BRANCH: 'main',
          SECSCAN_GATE_VERSION: '',
        },
      },
    };
    writeFileSync(join(dir, '.gitlab-ci.yml'), stringify(own));
    const config = withIncludes(own, () => readFileSync(join(checkout, 'ci/secscan.gitlab-ci.yml'), 'utf8'));
    const r = runGitlabJob(
      config,
      'security-gate',
      machineEnv(join(dir, '.home')),
      { CI_PROJECT_DIR: dir, CI_COMMIT_SHA: 'c0ffee' },
      connection(),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Building secscan from ${checkout}`);
    expect(r.stdout).toMatch(new RegExp(`^secscan ${pkg.version} is installed: \\S+/bin/secscan$`, 'm'));
    expect(r.stderr).toContain('(tarball)');
    // The job's install is gone with it (the after_script).
    expect(r.after?.code).toBe(0);
    const installed = /is installed: (\S+)$/m.exec(r.stdout)?.[1] as string;
    expect(existsSync(installed)).toBe(false);
  }, 600_000);
});
