import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan, secscanInTerminal, startSandbox } from './sandbox.js';

/**
 * The built binary against real sandboxes: backups downloaded as cron would, interrupted every way a night
 * can interrupt them (the client killed, the sandbox killed, the connection cut, a second run), reports and
 * the audit log. A large backup (--backup-size) makes the transfers long enough to interrupt.
 */
const big = 384 * 1024 * 1024;
let sandbox: RunningSandbox;
let env: Record<string, string>;
let cleanup: () => void;
const dirs: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox(['--backup-size', String(big)]);
  const isolated = isolatedEnv();
  cleanup = isolated.cleanup;
  env = { ...isolated.env, SECSCAN_BASE_URL: sandbox.baseUrl, SECSCAN_TOKEN: sandbox.token };
  // The first download of a padded backup seals it (one pass to compute its CRC and digest): done here.
  await fetch(`${sandbox.baseUrl}/api/v4/orgs/${sandbox.orgId}/backup/download`, {
    headers: { authorization: `Bearer ${sandbox.token}`, range: 'bytes=0-0' },
  }).then((res) => res.arrayBuffer());
}, 120_000);
afterAll(async () => {
  await sandbox?.stop();
  cleanup?.();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-backups-'));
  dirs.push(dir);
  return dir;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const partOf = (dir: string) => readdirSync(dir).find((f) => f.endsWith('.part'));
const finals = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.tar.gz'));

/** Waits until the transfer into `dir` has written at least `bytes` to its temporary file. */
async function midway(dir: string, bytes = 32 * 1024 * 1024): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const part = partOf(dir);
    if (part && (statSync(join(dir, part), { throwIfNoEntry: false })?.size ?? 0) >= bytes) return;
    if (Date.now() > deadline) throw new Error(`no transfer into ${dir}: ${readdirSync(dir).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the transfer into `dir` has recorded bytes on the disk (its `.part.json`); returns how many. */
async function recorded(dir: string): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const record = readdirSync(dir).find((f) => f.endsWith('.part.json'));
    let bytes = 0;
    try {
      bytes = record ? (JSON.parse(readFileSync(join(dir, record), 'utf8')) as { bytes: number }).bytes : 0;
    } catch {
      // Renamed into place: never half-written, but it may go between the listing and the read.
    }
    if (bytes > 0) return bytes;
    if (Date.now() > deadline)
      throw new Error(`no record of a transfer into ${dir}: ${readdirSync(dir).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('backups download, the built binary against a sandbox', () => {
  it('downloads, verifies and stays silent with -q; -o json prints the record', async () => {
    const dir = tempDir();
    const quiet = await secscan(['-q', 'backups', 'download', '--dir', dir], env);
    expect([quiet.exitCode, quiet.stdout, quiet.stderr]).toEqual([0, '', '']);
    const [name] = finals(dir);
    expect(statSync(join(dir, name as string)).size).toBe(big);
    expect(execFileSync('sha256sum', ['-c', `${name}.sha256`], { cwd: dir }).toString()).toBe(
      `${name}: OK\n`,
    );
    execFileSync('gzip', ['-t', name as string], { cwd: dir });
    const json = await secscan(['backups', 'download', '--dir', dir, '--skip-existing', '-o', 'json'], env);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(String(json.stdout))).toMatchObject({
      path: join(dir, name as string),
      bytes: big,
      skipped: true,
    });
    expect(String(json.stderr)).toMatch(/^Backup [0-9a-f-]+ is already in .*, verified \(384 MiB\)\.$/);
  }, 120_000);

  it('refuses a second concurrent run (exit 9) naming the holder; Ctrl-C then keeps the .part, saying so (130)', async () => {
    const dir = tempDir();
    const first = secscan(['backups', 'download', '--dir', dir], env);
    await midway(dir, 1);
    const second = await secscan(['backups', 'download', '--dir', dir], env);
    expect(second.exitCode).toBe(9);
    expect(String(second.stderr)).toMatch(
      new RegExp(
        `^error: another secscan backups download is writing into ${dir} \\(pid ${first.pid} on .+, since .+\\)\\n`,
      ),
    );
    first.kill('SIGINT');
    const stopped = await first;
    expect(stopped.exitCode).toBe(130);
    const part = partOf(dir) as string;
    expect(String(stopped.stderr)).toMatch(
      new RegExp(`^Stopped: kept .* in ${escape(join(dir, part))}; the next run resumes from there\\.$`),
    );
    expect(readdirSync(dir).sort()).toEqual([part, `${part}.json`]);
  }, 120_000);

  it('SIGTERM midway exits 143 and keeps the .part, synced with its record, saying how much; the next run resumes there', async () => {
    const dir = tempDir();
    const run = secscan(['backups', 'download', '--dir', dir], env);
    await midway(dir);
    run.kill('SIGTERM');
    const stopped = await run;
    expect(stopped.exitCode).toBe(143);
    const said = stopped.stderr as string;
    const m =
      /^Stopped: kept ([\d.]+ MiB) of 384 MiB of backup ([0-9a-f-]+) \((\d+) bytes, synced\) in (\S+\.part); the next run resumes from there\.$/.exec(
        said,
      );
    expect(m, said).not.toBeNull();
    const [, human, id, kept, part] = m as unknown as [string, string, string, string, string];
    const bytes = Number(kept);
    expect(bytes).toBeGreaterThanOrEqual(32 * 1024 * 1024);
    expect(readdirSync(dir).sort()).toEqual([basename(part), `${basename(part)}.json`]);
    expect(statSync(part).size).toBe(bytes);
    expect(JSON.parse(readFileSync(`${part}.json`, 'utf8'))).toMatchObject({
      version: 2,
      identity: id,
      total: big,
      bytes,
      prefix: sha256(readFileSync(part)),
    });

    const next = await secscan(['backups', 'download', '--dir', dir, '-o', 'json'], env);
    expect(next.exitCode).toBe(0);
    expect(String(next.stderr)).toMatch(
      new RegExp(
        `^Resuming backup ${id} at ${escape(human)} of 384 MiB \\(the partial download of an earlier run\\)\\.\\n`,
      ),
    );
    expect(JSON.parse(String(next.stdout))).toMatchObject({ bytes: big, resumed: 1 });
    const [name] = finals(dir);
    expect(execFileSync('sha256sum', ['-c', `${name}.sha256`], { cwd: dir }).toString()).toBe(
      `${name}: OK\n`,
    );
    expect(readdirSync(dir).filter((f) => f.includes('.part') || f.endsWith('.lock'))).toEqual([]);
  }, 120_000);

  it('a client killed midway (SIGKILL) leaves nothing under the final name; the next run resumes it', async () => {
    const dir = tempDir();
    const run = secscan(['backups', 'download', '--dir', dir], env);
    await recorded(dir);
    run.kill('SIGKILL');
    await run;
    expect(finals(dir)).toEqual([]);
    const synced = await recorded(dir);
    const next = await secscan(['backups', 'download', '--dir', dir, '-o', 'json'], env);
    expect(next.exitCode).toBe(0);
    const [name] = finals(dir);
    expect(execFileSync('sha256sum', ['-c', `${name}.sha256`], { cwd: dir }).toString()).toBe(
      `${name}: OK\n`,
    );
    expect(JSON.parse(String(next.stdout))).toMatchObject({ bytes: big, resumed: 1 });
    // From the bytes recorded on the disk before the kill (a sync every 64 MiB), never from zero.
    expect(synced).toBeGreaterThanOrEqual(64 * 1024 * 1024);
    expect(String(next.stderr)).toMatch(
      /^Resuming backup [0-9a-f-]+ at \d+ MiB of 384 MiB \(the partial download of an earlier run\)\.\n/,
    );
    expect(readdirSync(dir).filter((f) => f.includes('.part') || f.endsWith('.lock'))).toEqual([]);
  }, 120_000);

  it('the sandbox killed midway: exit 7 after the retries, nothing left', async () => {
    const doomed = await startSandbox(['--backup-size', String(big)]);
    const dir = tempDir();
    const run = secscan(['--retries', '1', 'backups', 'download', '--dir', dir], {
      ...env,
      SECSCAN_BASE_URL: doomed.baseUrl,
      SECSCAN_TOKEN: doomed.token,
    });
    await midway(dir);
    await doomed.kill('SIGKILL');
    const result = await run;
    expect(result.exitCode).toBe(7);
    expect(String(result.stderr)).toMatch(/^error: .*(broke off|cannot reach)/);
    expect(readdirSync(dir)).toEqual([]);
  }, 120_000);

  it('a transfer cut at half resumes with a Range and ends with the sandbox’s SHA-256', async () => {
    const size = 48 * 1024 * 1024;
    const cutting = await startSandbox(['--backup-size', String(size), '--cut-downloads', '0.5', '--log']);
    try {
      const dir = tempDir();
      const run = await secscan(['backups', 'download', '--dir', dir, '-o', 'json'], {
        ...env,
        SECSCAN_BASE_URL: cutting.baseUrl,
        SECSCAN_TOKEN: cutting.token,
      });
      expect(run.exitCode).toBe(0);
      const record = JSON.parse(String(run.stdout));
      expect(record).toMatchObject({ bytes: size, resumed: 1 });
      expect(String(run.stderr)).toMatch(/; resumed once\)\.$/);
      const res = await fetch(`${cutting.baseUrl}/api/v4/orgs/${cutting.orgId}/backup/download`, {
        headers: { authorization: `Bearer ${cutting.token}`, range: 'bytes=0-0' },
      });
      await res.arrayBuffer();
      const digest = /sha-256=:(.*):/.exec(res.headers.get('repr-digest') ?? '')?.[1] as string;
      expect(record.sha256).toBe(Buffer.from(digest, 'base64').toString('hex'));
      // The request log arrives through the sandbox's stderr: wait for the three lines.
      const downloads = () => cutting.log.filter((l) => /backup\/download (200|206)/.test(l));
      for (let i = 0; i < 100 && downloads().length < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(downloads()).toEqual([
        expect.stringMatching(/ 200 /),
        expect.stringMatching(/ 206 /),
        expect.stringMatching(/ 206 /),
      ]);
    } finally {
      await cutting.stop();
    }
  }, 120_000);
});

describe('a download stopped by SIGTERM, resumed from a service that answers wrongly: from zero, saying why', () => {
  const size = 48 * 1024 * 1024;
  const now = '2026-09-02';
  /** The service the downloads are stopped on: paced, so a signal comes midway. */
  let paced: RunningSandbox;
  beforeAll(async () => {
    paced = await startSandbox(['--backup-size', String(size), '--now', now, '--bandwidth', '16MiB/s']);
  }, 60_000);
  afterAll(async () => {
    await paced?.stop();
  });
  const envOf = (s: RunningSandbox) => ({ ...env, SECSCAN_BASE_URL: s.baseUrl, SECSCAN_TOKEN: s.token });

  /** The whole backup as `service` serves it now, and its SHA-256. */
  async function served(service: RunningSandbox): Promise<string> {
    const res = await fetch(`${service.baseUrl}/api/v4/orgs/${service.orgId}/backup/download`, {
      headers: { authorization: `Bearer ${service.token}` },
    });
    return sha256(Buffer.from(await res.arrayBuffer()));
  }

  const changeTheState = (service: RunningSandbox) =>
    secscan(['teams', 'update', 'Web', '--add-app', 'docs-site', '--force'], envOf(service));
  const flipBytes = (part: string) => {
    const bytes = readFileSync(part);
    bytes.write('CHANGED!', 1024 * 1024);
    writeFileSync(part, bytes);
  };

  it.each([
    [
      'the backup changed, and the 206 of its new bytes ignores If-Range (no Repr-Digest)',
      ['--backup-faults', 'ignore-if-range,no-digest'],
      { service: changeTheState },
      /it changed since \(it was "[0-9a-f]+", the range answered is of "[0-9a-f]+"\)/,
    ],
    [
      '8 bytes of the .part changed inside what its record calls synced',
      [],
      { part: flipBytes },
      /the first \d+ bytes of \S+\.part are not the ones its record describes \(they changed on the disk\)/,
    ],
    [
      'a 416: the backup is now shorter than what was kept',
      ['--backup-size', String(8 * 1024 * 1024), '--backup-faults', 'ignore-if-range'],
      {},
      /the service refused the range of the partial download \(the file is now 8388608 bytes, \d+ were kept\)/,
    ],
    [
      'a 206 that starts elsewhere',
      ['--backup-faults', 'shift-range'],
      {},
      /the service answered another range than the one asked for/,
    ],
    [
      'a 206 that gives another total',
      ['--backup-faults', 'other-total'],
      {},
      /the service answered another range than the one asked for/,
    ],
  ] as const)(
    '%s',
    async (_case, args, change, reason) => {
      const dir = tempDir();
      const first = secscan(['backups', 'download', '--dir', dir], envOf(paced));
      await midway(dir, 12 * 1024 * 1024);
      first.kill('SIGTERM');
      expect((await first).exitCode).toBe(143);
      const part = join(dir, partOf(dir) as string);
      const other = await startSandbox(['--backup-size', String(size), '--now', now, ...args]);
      try {
        if ('service' in change) expect((await change.service(other)).exitCode).toBe(0);
        if ('part' in change) change.part(part);
        const next = await secscan(['backups', 'download', '--dir', dir, '-o', 'json'], envOf(other));
        expect([next.exitCode, String(next.stderr).split('\n')[0]]).toEqual([
          0,
          expect.stringMatching(
            new RegExp(
              `^Not resuming the earlier partial download: ${reason.source}: starting from zero\\.$`,
            ),
          ),
        ]);
        const [name] = finals(dir);
        const record = JSON.parse(String(next.stdout));
        expect(record).toMatchObject({ resumed: 0, sha256: await served(other) });
        expect(execFileSync('sha256sum', ['-c', `${name}.sha256`], { cwd: dir }).toString()).toBe(
          `${name}: OK\n`,
        );
        expect(readdirSync(dir).filter((f) => f.includes('.part'))).toEqual([]);
      } finally {
        await other.stop();
      }
    },
    120_000,
  );
});

describe('reports and the audit log, the built binary against a sandbox', () => {
  const scan = async () =>
    String((await secscan(['scans', 'list', '--app', 'shiftleft-java-demo'], env)).stdout).split(
      '\t',
    )[0] as string;

  it('writes a PDF report that pdftoppm draws, and never prints HTML on a terminal', async () => {
    const dir = tempDir();
    const out = join(dir, 'owasp.pdf');
    const id = await scan();
    const res = await secscan(
      [
        'reports',
        'owasp',
        '--app',
        'shiftleft-java-demo',
        id,
        '--year',
        '2021',
        '--status',
        'any',
        '--tz',
        'Europe/Berlin',
        '--out',
        out,
      ],
      env,
    );
    expect([res.exitCode, String(res.stderr)]).toEqual([
      0,
      expect.stringMatching(/^Wrote .*owasp\.pdf \([\d.]+ KiB\)\.$/),
    ]);
    execFileSync('pdftoppm', ['-r', '30', '-png', out, join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page'))).not.toEqual([]);
    const piped = await secscan(['reports', 'cwe', '--app', 'shiftleft-java-demo', id], env);
    expect(String(piped.stdout)).toMatch(/^<!DOCTYPE html>/);
    const terminal = await secscanInTerminal(['reports', 'cwe', '--app', 'shiftleft-java-demo', id], env);
    expect(terminal.exitCode).toBe(2);
    expect(String(terminal.stdout)).toContain('not printing HTML on a terminal');
    expect(String(terminal.stdout)).not.toContain('<!DOCTYPE');
  }, 60_000);

  it('says the audit log is off until the vendor enables it; shows the SCM-secrets audit', async () => {
    const off = await secscan(['audit', 'log', '--year', '2026', '--month', '8'], env);
    expect(off.exitCode).toBe(4);
    expect(String(off.stderr)).toContain('the service keeps it off until the vendor enables it');
    const scm = await secscan(['audit', 'scm-secrets', '--by-project', '-o', 'json'], env);
    expect(JSON.parse(String(scm.stdout)).total_attempts).toBeGreaterThan(0);
    expect(existsSync(join(env.SECSCAN_CONFIG_DIR as string, 'config.json'))).toBe(false);
  }, 60_000);
});
