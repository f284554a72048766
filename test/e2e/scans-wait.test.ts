import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Options } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan as spawnCli, startSandbox } from './sandbox.js';

/**
 * The gate on the scan of a commit, against a real sandbox: a scan recorded as running (`sandbox scan
 * --running`) completes on its own, and the CLI's own --wait does the waiting. Nothing here sleeps or
 * times anything: each step waits on a state (an exit, a line on stderr).
 */
async function secscan(args: string[], options: Options = {}) {
  const r = await spawnCli(args, env, { cwd: config.dir, ...options });
  return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;

const sha = (n: number) => `${String(n).repeat(7)}${'0'.repeat(33)}`.slice(0, 40);
const rules = ['--rules', 'rules.yml'];
const check = (...args: string[]) => secscan(['scans', 'check', '--compound', 'shop', ...rules, ...args]);

async function record(...args: string[]): Promise<{ polyglot_scan: { id: number } }> {
  const r = await secscan(['sandbox', 'scan', '--compound', 'shop', ...args, '-o', 'json']);
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout);
}

beforeAll(async () => {
  sandbox = await startSandbox();
  config = isolatedEnv();
  writeFileSync(
    join(config.dir, 'rules.yml'),
    'rules:\n  - id: no-new-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
  );
  env = {
    ...config.env,
    ...sandbox.settings,
  };
  // The previous commit's scan: clean (nothing new), so a gate on it passes.
  await record('--version', sha(1));
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

describe('e2e: scans check on the scan of a commit', () => {
  it('the commit’s scan still running: exit 10 at once, and --wait that runs out is 10 too', async () => {
    const { polyglot_scan } = await record('--version', sha(2), '--running', '1h', '--new', 'critical=1');
    const now = await check('--version', sha(2), '--report-json', 'not-ready.json');
    expect(now.exitCode).toBe(10);
    expect(now.stderr).toContain(
      `error: the scan of 2222222 on shop (scan ${polyglot_scan.id}) has not finished: it is still running\n`,
    );
    expect(JSON.parse(readFileSync(join(config.dir, 'not-ready.json'), 'utf8'))).toMatchObject({
      evaluated: false,
      error: { exit_code: 10 },
    });
    // The clean scan before it is never evaluated in its place, by the check or by a comparison.
    const waited = await check('--version', sha(2), '--wait', '3s');
    expect(waited.exitCode).toBe(10);
    expect(waited.stderr).toContain('has not finished after waiting 3s: it is still running');
    const compared = await secscan([
      'scans',
      'compare',
      '--app',
      'payments-api',
      '--source-branch',
      'main',
      '--version',
      sha(2),
      '--fail-on',
      'new',
    ]);
    expect(compared.exitCode).toBe(10);
    const alone = await secscan(['scans', 'wait', '--compound', 'shop', '--version', sha(2), '--wait', '2s']);
    expect(alone.exitCode).toBe(10);
  });

  it('--wait waits for the commit’s scan to complete, then gates on it: exit 1 on its new critical', async () => {
    const { polyglot_scan } = await record('--version', sha(3), '--running', '10s', '--new', 'critical=1');
    const r = await check('--version', sha(3), '--wait', '2m', '--report-json', 'waited.json');
    expect(r.exitCode).toBe(1);
    // A CI log (stderr is not a terminal): one line when the wait starts, then one a minute.
    expect(r.stderr).toMatch(/^waiting for the scan of 3333333 on shop: running, 0s$/m);
    expect(r.stdout).toMatch(/no-new-critical\s+1\s+\d+\s+0\s+1\s+FAIL/);
    const report = JSON.parse(readFileSync(join(config.dir, 'waited.json'), 'utf8'));
    expect(report).toMatchObject({ evaluated: true, passed: false, target: polyglot_scan.id });
    const listed = await secscan(['scans', 'wait', '--compound', 'shop', '--version', sha(3), '-o', 'json']);
    expect(listed.exitCode).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      id: String(polyglot_scan.id),
      version: sha(3),
      successful: true,
      status: 'completed',
    });
  }, 120_000);

  it('a failed analysis: exit 11 from the gate and from scans wait', async () => {
    const { polyglot_scan } = await record('--version', sha(4), '--fail');
    const r = await check('--version', sha(4), '--report-markdown', 'failed.md');
    expect(r.exitCode).toBe(11);
    expect(r.stderr).toContain(`error: the scan of 4444444 on shop (scan ${polyglot_scan.id}) failed`);
    expect(readFileSync(join(config.dir, 'failed.md'), 'utf8')).toContain('(exit 11)');
    const waited = await secscan(['scans', 'wait', '--compound', 'shop', '--scan', String(polyglot_scan.id)]);
    expect(waited.exitCode).toBe(11);
    const listed = await secscan(['compounds', 'scans', 'shop', '--status', 'failed', '-o', 'json']);
    expect(JSON.parse(listed.stdout).map((s: { id: string }) => s.id)).toContain(String(polyglot_scan.id));
  });

  it('Ctrl-C during the wait: exit 130, the reports written', async () => {
    await record('--version', sha(5), '--running', '1h');
    const child = spawnCli(
      [
        'scans',
        'check',
        '--compound',
        'shop',
        ...rules,
        '--version',
        sha(5),
        '--wait',
        '20m',
        '--report-json',
        'int.json',
      ],
      env,
      { cwd: config.dir, buffer: false },
    );
    // Interrupted once it is waiting: its first progress line says so.
    await new Promise<void>((resolve) => {
      if (!child.stderr) throw new Error('no stderr');
      createInterface({ input: child.stderr }).on('line', (line) => {
        if (line.startsWith('waiting for the scan of 5555555 on shop')) resolve();
      });
    });
    child.kill('SIGINT');
    expect((await child).exitCode).toBe(130);
    expect(JSON.parse(readFileSync(join(config.dir, 'int.json'), 'utf8'))).toMatchObject({
      evaluated: false,
      error: { exit_code: 130 },
    });
  });
});
