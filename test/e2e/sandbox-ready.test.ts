import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, closedPort, secscan } from './sandbox.js';

/**
 * A script starts the sandbox in the background and must not go on before it is ready: `--ready-file FILE`
 * is written whole once it is (and removed when it stops), and `secscan sandbox wait FILE` returns then.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-ready-'));
const env = {
  PATH: process.env.PATH ?? '',
  HOME: temp,
  SECSCAN_CONFIG_DIR: join(temp, 'config'),
  SECSCAN_STATE_DIR: join(temp, 'state'),
};
const started: ResultPromise[] = [];
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  await Promise.allSettled(started);
  rmSync(temp, { recursive: true, force: true });
});

function startSandbox(file: string, extra: string[] = []): ResultPromise {
  const child = execa('node', [bin, 'sandbox', '--ready-file', file, ...extra], {
    env,
    extendEnv: false,
    reject: false,
  });
  started.push(child);
  return child;
}

/** Reads the file as often as it can until `done`: every content seen, so a half-written one would show. */
async function watch(file: string, done: Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    if (existsSync(file)) {
      try {
        seen.add(readFileSync(file, 'utf8'));
      } catch {
        // Renamed over between the check and the read.
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return seen;
}

const settingsOf = (text: string) =>
  Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

describe('secscan sandbox --ready-file FILE, secscan sandbox wait FILE', () => {
  it('wait gives up after --timeout with exit 7, naming the file, when no sandbox writes it', async () => {
    const file = join(temp, 'none.env');
    const run = await secscan(['sandbox', 'wait', file, '--timeout', '1'], env);
    expect(run.exitCode).toBe(7);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `error: sandbox wait: not ready after 1 s: ${file} is not there (is \`secscan sandbox --ready-file ${file}\` running?)\n` +
        'hint: see the sandbox’s own error on its stderr; --timeout SECONDS waits longer',
    );
  });

  it('the file appears whole once the sandbox is ready, holds its lines (mode 0600), and goes when it stops', async () => {
    const file = join(temp, 'sandbox.env');
    const sandbox = startSandbox(file);
    const wait = secscan(['sandbox', 'wait', file], env);
    const seen = watch(file, wait);
    const waited = await wait;
    expect([waited.exitCode, waited.stdout]).toEqual([0, '']);
    expect(waited.stderr).toMatch(/^sandbox: ready at http:\/\/127\.0\.0\.1:\d+$/);
    const text = readFileSync(file, 'utf8');
    expect(Object.keys(settingsOf(text))).toEqual(['SECSCAN_BASE_URL', 'SECSCAN_ORG_ID', 'SECSCAN_TOKEN']);
    expect([...(await seen)]).toEqual([text]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The settings work as they are, sourced by a shell.
    const apps = execFileSync('bash', ['-c', `set -a; . '${file}'; set +a; node '${bin}' apps list`], {
      env,
      encoding: 'utf8',
    });
    expect(apps).toContain('shiftleft-java-demo');
    sandbox.kill('SIGINT');
    const stopped = await sandbox;
    expect(stopped.stdout).toBe(text.trimEnd());
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('the sandbox, which sets a V8 flag of its own, loads every chunk with its code cache from start to stop', async () => {
    // It gives V8 back its own young generation once its code is loaded (src/util/gc.ts); a chunk loaded
    // after that would compile without its cache, which bin/load.js says under --debug.
    const file = join(temp, 'debug.env');
    const sandbox = startSandbox(file, ['--debug']);
    expect((await secscan(['sandbox', 'wait', file], env)).exitCode).toBe(0);
    const settings = settingsOf(readFileSync(file, 'utf8'));
    for (const args of [
      ['apps', 'list'],
      ['findings', 'list', '--app', 'shiftleft-java-demo', '--status', 'any', '--all'],
      ['scans', 'list', '--app', 'shiftleft-java-demo'],
      ['backups', 'list'],
    ]) {
      expect((await secscan(args, { ...env, ...settings })).exitCode).toBe(0);
    }
    sandbox.kill('SIGINT');
    const stopped = await sandbox;
    expect(stopped.stderr).toContain('sandbox: stopped');
    expect(stopped.stderr).not.toMatch(/refused the code cache/);
  }, 60_000);

  it('a file left by a sandbox that was killed is not taken for a ready one', async () => {
    const file = join(temp, 'stale.env');
    const port = await closedPort();
    writeFileSync(
      file,
      `SECSCAN_BASE_URL=http://127.0.0.1:${port}\nSECSCAN_ORG_ID=a00087fb-f747-4cb8-adfe-747d23673f27\nSECSCAN_TOKEN=stale\n`,
    );
    writeFileSync(file, 'SECSCAN_BASE_URL=http://127.0.0.1:1\n');
    const partial = await secscan(['sandbox', 'wait', file, '--timeout', '1'], env);
    expect(partial.exitCode).toBe(7);
    expect(String(partial.stderr).split('\n')[0]).toBe(
      `error: sandbox wait: not ready after 1 s: ${file} does not hold a sandbox's SECSCAN_BASE_URL, SECSCAN_ORG_ID and SECSCAN_TOKEN lines`,
    );
    writeFileSync(
      file,
      `SECSCAN_BASE_URL=http://127.0.0.1:${port}\nSECSCAN_ORG_ID=a00087fb-f747-4cb8-adfe-747d23673f27\nSECSCAN_TOKEN=stale\n`,
    );
    const stale = await secscan(['sandbox', 'wait', file, '--timeout', '1'], env);
    expect(stale.exitCode).toBe(7);
    expect(stale.stderr).toContain(
      `error: sandbox wait: not ready after 1 s: the sandbox ${file} names does not answer: `,
    );
    const sandbox = startSandbox(file);
    const waited = await secscan(['sandbox', 'wait', file], env);
    expect(waited.exitCode).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain(`:${port}\n`);
    sandbox.kill('SIGTERM');
    await sandbox;
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('with --tls: ready once the certificate is made, the CA named in the file', async () => {
    const file = join(temp, 'tls.env');
    const sandbox = startSandbox(file, ['--tls']);
    const waited = await secscan(['sandbox', 'wait', file, '--timeout', '60'], env);
    expect(waited.exitCode).toBe(0);
    const settings = settingsOf(readFileSync(file, 'utf8'));
    expect(settings.SECSCAN_BASE_URL).toMatch(/^https:\/\//);
    expect(readFileSync(settings.SECSCAN_CA_FILE as string, 'utf8')).toContain('BEGIN CERTIFICATE');
    const list = await secscan(['findings', 'list', '--app', 'shiftleft-java-demo'], { ...env, ...settings });
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toContain('unset');
    sandbox.kill('SIGINT');
    await sandbox;
    expect(existsSync(file)).toBe(false);
  }, 90_000);

  it('secscan api: the error line after a body without a newline starts a line of its own (2>&1)', async () => {
    const file = join(temp, 'api.env');
    const sandbox = startSandbox(file);
    expect((await secscan(['sandbox', 'wait', file], env)).exitCode).toBe(0);
    const call = `set -a; . '${file}'; set +a; node '${bin}' api ReadTeam -F rbacTeamID=nope`;
    const both = await execa('bash', ['-c', `${call} 2>&1`], { env, extendEnv: false, reject: false });
    expect(both.exitCode).toBe(5);
    expect(both.stdout.split('\n')).toEqual([
      '{"ok":false,"code":"NOT_FOUND","message":"no team has the id nope","validation_errors":[]}',
      'error: ReadTeam: no team has the id nope (HTTP 404 NOT_FOUND)',
    ]);
    // Apart, the body is as received and the error line is all stderr holds.
    const apart = await execa('bash', ['-c', call], {
      env,
      extendEnv: false,
      reject: false,
      stripFinalNewline: false,
    });
    expect(apart.stdout).toBe(
      '{"ok":false,"code":"NOT_FOUND","message":"no team has the id nope","validation_errors":[]}',
    );
    expect(apart.stderr).toBe('error: ReadTeam: no team has the id nope (HTTP 404 NOT_FOUND)\n');
    sandbox.kill('SIGINT');
    await sandbox;
  }, 60_000);
});
