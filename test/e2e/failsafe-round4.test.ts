import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ok, orgId, useHostileCli } from './hostile.js';
import { bin, secscan } from './sandbox.js';

/**
 * Issue 35, section 6, as the battery ran them: the built binary against a service that answers what the
 * test says, stopped by signals and by its reader going away.
 */
const cli = useHostileCli();

/** The environment of a run against the hostile server, in the suite's directory. */
const hostileEnv = () => ({
  PATH: process.env.PATH ?? '',
  HOME: cli.work,
  SECSCAN_CONFIG_DIR: join(cli.work, 'config'),
  SECSCAN_BASE_URL: cli.server.baseUrl,
  SECSCAN_ORG_ID: orgId,
  SECSCAN_TOKEN: 'hostile-test-token',
});

function start(args: string[]) {
  const child = secscan(args, hostileEnv(), { cwd: cli.work, buffer: false });
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

describe('input files: globs in linear time, nothing but regular files, no NUL in YAML', () => {
  /** A run that must end by itself: a hang is killed (and fails the test) after a minute. */
  const bounded = (args: string[]) => secscan(args, hostileEnv(), { cwd: cli.work, timeout: 60_000 });
  const finding = (id: string, text: string) => ({
    id,
    app: 'a',
    internal_id: `hostile/${id}`,
    type: 'vuln',
    title: text,
    category: text,
    severity: 'high',
    status: 'unset',
    details: { file_locations: [`${'aaaaaaaaaaaaaaaaaaaa/'.repeat(40)}c.js:1`] },
  });

  it.each([
    ['category', `"${'*a'.repeat(30)}*b"`],
    ['path', `"${'**/'.repeat(30)}*.ts"`],
    ['path', `"${'*a*/'.repeat(12)}b"`],
    ['title', '"/(a+)+$/"'],
  ])('an ignore file whose %s pattern is %s does not stall the listing', async (key, glob) => {
    writeFileSync(
      join(cli.work, 'stars.yml'),
      `ignores:\n  - app: a\n    ${key}: ${glob}\n    reason: hostile\n`,
    );
    cli.server.answer = () => ({
      body: ok({ has_more: false, findings: [finding('1', `${'a'.repeat(3000)}!`)] }),
    });
    const r = await bounded(['findings', 'list', '--app', 'a', '--ignore-file', 'stars.yml', '-o', 'json']);
    expect([r.exitCode, r.timedOut, String(r.stderr)]).toEqual([0, false, '']);
    expect(JSON.parse(String(r.stdout))).toHaveLength(1);
  });

  it.each([
    [['scans', 'check', '--compound', 'shop', '--rules', 'fifo'], 3, '--rules: cannot read fifo'],
    [
      ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--ignore-file', 'fifo'],
      3,
      'cannot read fifo',
    ],
    [['findings', 'list', '--app', 'a', '--ignore-file', 'fifo'], 3, 'cannot read fifo'],
    [['api', 'ListApps', '--input', 'fifo'], 2, 'cannot read fifo'],
    [['findings', 'undo', './fifo'], 3, 'cannot read the journal ./fifo'],
  ])('%j: a FIFO is refused at once, never waited on', async (args, code, message) => {
    writeFileSync(join(cli.work, 'rules.yml'), 'rules:\n  - id: r\n    tags:\n      severity: [critical]\n');
    rmSync(join(cli.work, 'fifo'), { force: true });
    execFileSync('mkfifo', [join(cli.work, 'fifo')]);
    const r = await bounded(args);
    expect([r.exitCode, r.timedOut]).toEqual([code, false]);
    expect(String(r.stderr)).toContain(`${message}: it is a FIFO (named pipe), not a regular file`);
    expect(cli.server.requests).toEqual([]);
  });

  it.each([
    ['rules.yml', ['scans', 'check', '--compound', 'shop', '--rules', 'nul.yml'], 'nul.yml:3'],
    ['ignore.yml', ['findings', 'list', '--app', 'a', '--ignore-file', 'nul.yml'], 'nul.yml:4'],
  ])('a NUL byte in a YAML %s is exit 3 at its line', async (kind, args, where) => {
    const text =
      kind === 'rules.yml'
        ? 'rules:\n  - id: r\n    tags: {severity: ["crit\0ical"]}\n'
        : 'ignores:\n  - app: a\n    reason: x\n    title: "SQL\0"\n';
    writeFileSync(join(cli.work, 'nul.yml'), text);
    const r = await bounded(args);
    expect(r.exitCode).toBe(3);
    expect(String(r.stderr)).toContain(`${where}: holds a NUL byte, which YAML does not allow`);
    expect(cli.server.requests).toEqual([]);
  });
});

describe('--out FORMAT=FILE past the file size limit', () => {
  it('is exit 3 naming the file, and leaves no file (not internal error: EFBIG)', async () => {
    const findings = Array.from({ length: 50 }, (_, i) => ({
      id: String(i),
      app: 'a',
      internal_id: `x/${i}`,
      type: 'vuln',
      title: `Finding ${i} ${'x'.repeat(1000)}`,
      severity: 'high',
    }));
    cli.server.answer = () => ({ body: ok({ has_more: false, findings }) });
    rmSync(join(cli.work, 'out'), { recursive: true, force: true });
    mkdirSync(join(cli.work, 'out'));
    const env = hostileEnv();
    // `ulimit -f 16`: at most 16 blocks of a file (8 or 16 KiB), where the report is some 50 KiB.
    const r = await execa(
      'bash',
      [
        '-c',
        'ulimit -f 16; exec node "$0" "$@"',
        bin,
        'findings',
        'list',
        '--app',
        'a',
        '--out',
        'json=out/f.json',
      ],
      { env, extendEnv: false, reject: false, cwd: cli.work, stdin: 'ignore' },
    );
    expect([r.exitCode, String(r.stderr)]).toEqual([
      3,
      'error: --out: cannot write out/f.json: EFBIG: file too large, write',
    ]);
    expect(readdirSync(join(cli.work, 'out'))).toEqual([]);
  });
});
