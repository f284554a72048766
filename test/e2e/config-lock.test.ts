import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * The profile store's lock under contention and load: thirty `auth login` processes at once, each saving
 * its own profile (two locked writes: the profile, then the current profile), while two other processes
 * keep both cores busy. A lock removed from under its holder as "stale" lets two writers read the same
 * file and one of them write back without the other's profile, while both report success.
 */
const writers = 30;

let sandbox: RunningSandbox;
let work: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  work = mkdtempSync(join(tmpdir(), 'secscan-e2e-lock-'));
});
afterAll(async () => {
  await sandbox?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('concurrent profile writes under load', () => {
  it(`${writers} parallel auth login --profile pN keep all ${writers} profiles, while other processes load the CPU`, async () => {
    const dir = join(work, 'config');
    const env = { PATH: process.env.PATH ?? '', SECSCAN_CONFIG_DIR: dir };
    // Busy loops on both cores until the writers are done: stopped by their own handles, never by name.
    const load = Array.from({ length: 2 }, () =>
      execa(process.execPath, ['-e', 'for (;;) {}'], { reject: false, stdin: 'ignore' }),
    );
    try {
      const logins = await Promise.all(
        Array.from({ length: writers }, (_, i) =>
          secscan(
            ['auth', 'login', '--profile', `p${i}`, '--base-url', sandbox.baseUrl, '--with-token'],
            env,
            {
              input: `${sandbox.token}\n`,
              stdin: undefined,
            },
          ),
        ),
      );
      const failed = logins.filter((r) => r.exitCode !== 0).map((r) => `${r.exitCode}: ${String(r.stderr)}`);
      expect(failed).toEqual([]);
    } finally {
      for (const child of load) child.kill('SIGKILL');
      await Promise.all(load);
    }
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(Object.keys(config.profiles).sort()).toEqual(
      Array.from({ length: writers }, (_, i) => `p${i}`).sort(),
    );
    for (let i = 0; i < writers; i++) {
      expect(config.profiles[`p${i}`]).toEqual({
        base_url: sandbox.baseUrl,
        org_id: sandbox.orgId,
        token: sandbox.token,
      });
    }
    expect(config.current_profile).toMatch(/^p\d+$/);
    // No lock, takeover or temporary file is left behind.
    expect(readdirSync(dir).filter((name) => name !== 'config.json' && name !== 'completion')).toEqual([]);
  }, 120_000);
});
