import { execa } from 'execa';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('README: `npm run demo` (after its build)', () => {
  it('runs every section against its own sandbox, each command with the exit code it shows, and stops it', async () => {
    const env = { ...process.env };
    for (const key of ['SECSCAN_TOKEN', 'SECSCAN_BASE_URL', 'SECSCAN_ORG_ID', 'SECSCAN_PROFILE', 'CI']) {
      delete env[key];
    }
    const run = await execa(process.execPath, ['scripts/demo.mjs'], {
      cwd: root,
      env,
      extendEnv: false,
      reject: false,
      timeout: 110_000,
    });
    expect(run.stderr).not.toMatch(/^demo/m);
    expect(run.exitCode).toBe(0);
    for (const heading of [
      'Create a CI token, use it, revoke it',
      'Gate a merge in CI: scans check and scans compare',
      'Drive the sandbox: a new critical finding fails the next gate',
      'Access as code: teams, groups and users',
      'Backups, made for cron',
      'Errors are one line with a stable exit code',
    ]) {
      expect(run.stdout).toContain(`== ${heading}`);
    }
    expect(run.stderr).toMatch(/Dry run: 1 change to 1 team; nothing was changed\./);
    // The triage step changes a finding that was open, not one already fixed ("0 changed").
    expect(run.stderr).toMatch(/^Set fixed on 1 finding of shiftleft-java-demo \(1 changed\)\.$/m);
    // Written to a pipe, the headings carry no escape codes.
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stderr).toMatch(/^Downloaded backup [0-9a-f-]{36} to .*\.tar\.gz/m);
    expect(run.stderr).toContain('sandbox: stopped');
  }, 120_000);
});
