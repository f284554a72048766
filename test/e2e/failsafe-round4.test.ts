import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok, orgId, useHostileCli } from './hostile.js';
import { secscan } from './sandbox.js';

/**
 * Issue 35, section 6, as the battery ran them: the built binary against a service that answers what the
 * test says, stopped by signals and by its reader going away.
 */
const cli = useHostileCli();

function start(args: string[]) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: cli.work,
    SECSCAN_CONFIG_DIR: join(cli.work, 'config'),
    SECSCAN_BASE_URL: cli.server.baseUrl,
    SECSCAN_ORG_ID: orgId,
    SECSCAN_TOKEN: 'hostile-test-token',
  };
  const child = secscan(args, env, { cwd: cli.work, buffer: false });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  return { child, out: () => out, err: () => err };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 800; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const apps = () => ({ body: ok([{ id: 'a', name: 'a' }]) });

describe('--jq: jq runs beside the main thread, its output streams', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('an expression that never ends is stopped by %s (exit %d)', async (signal, code) => {
    cli.server.answer = apps;
    // What jq prints before it loops reaches the reader at once: then the signal lands while jq runs.
    const run = start(['apps', 'list', '--jq', '.[0].id, (def f: f; f)']);
    await until(() => run.out() === 'a\n', 'the first value jq printed');
    run.child.kill(signal);
    const r = await run.child;
    expect([r.exitCode, run.err()]).toEqual([code, '']);
  });

  it('endless output stops with the pipe that reads it', async () => {
    cli.server.answer = apps;
    const run = start(['apps', 'list', '--jq', 'repeat(.[0].id)']);
    await until(() => run.out().length >= 100_000, '100,000 bytes of output');
    run.child.stdout?.destroy();
    const r = await run.child;
    expect(r.exitCode).toBe(0);
    expect(run.out().startsWith('a\na\na\n')).toBe(true);
  });

  it('secscan api streams too, and stops on Ctrl-C', async () => {
    cli.server.answer = apps;
    const run = start(['api', 'ListApps', '--jq', '.response[0].id, (def f: f; f)']);
    await until(() => run.out() === 'a\n', 'the first value jq printed');
    run.child.kill('SIGINT');
    expect((await run.child).exitCode).toBe(130);
  });
});
