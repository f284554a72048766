import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const ID = '1db6a241-ae9e-43a4-9e96-4d7546f241a4';
const OLDER = 'd82921fa-1c62-4b13-bae2-19f1e45cc0aa';
const RUNNING = 'a837eb5c-5946-4b3c-befe-7839148fb67e';
const backups = [
  { backup_id: RUNNING, status: 'running', created_at: '2026-09-01T02:04:03.000Z' },
  {
    backup_id: OLDER,
    status: 'completed',
    created_at: '2026-08-30T02:04:35.000Z',
    completed_at: '2026-08-30T02:15:48.000Z',
  },
  {
    backup_id: ID,
    status: 'completed',
    created_at: '2026-08-31T02:01:45.000Z',
    completed_at: '2026-08-31T02:11:56.000Z',
  },
];
const archive = gzipSync(Buffer.from('backup of the organization'));
const sha256 = createHash('sha256').update(archive).digest('hex');
const name = `backup-20260831T020145Z-${ID}.tar.gz`;
const gzip = (bytes: Buffer) => ({
  headers: { 'content-type': 'application/gzip', 'content-length': String(bytes.length), etag: '"v1"' },
});

function stubDownload(id = ID, bytes = archive): void {
  cli.stub('ListOrganizationBackups').reply(200, ok(backups));
  cli.stub('DownloadOrganizationBackup', { query: { backup_id: id } }).reply(200, bytes, gzip(bytes));
}

describe('backups download: usage errors (exit 2, no request)', () => {
  it.each([
    [['backups', 'download'], '--dir or --out is required (where to put the backup)'],
    [['backups', 'download', '--dir', 'a', '--out', 'b'], '--dir and --out cannot be used together'],
    [
      ['backups', 'download', '--out', 'b.tar.gz', '--keep', '3'],
      '--keep needs --dir (it prunes the backups downloaded into that directory)',
    ],
    [
      ['backups', 'download', '--dir', 'a', '--keep', '0'],
      'invalid value for --keep: "0" (expected a whole number from 1 to 100000)',
    ],
    [
      ['backups', 'download', '--dir', 'a', '--id', 'latest'],
      'invalid value for --id: "latest" (expected a UUID)',
    ],
    [['backups', 'download', '--dir', ''], 'invalid value for --dir: "" (expected a path)'],
    [
      ['backups', 'download', '--out', '/nonexistent-dir/b.tar.gz'],
      'invalid value for --out: the directory /nonexistent-dir does not exist',
    ],
    [['backups', 'download', '--out', '/tmp'], 'invalid value for --out: /tmp is a directory (use --dir)'],
    [
      ['backups', 'download', '--out', '-'],
      'invalid value for --out: a backup is written to a file, not to standard output',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('backups download', () => {
  it('downloads the latest completed backup into --dir with NAME.sha256 and one line on stderr', async () => {
    stubDownload();
    const dir = join(cli.configDir, 'backups');
    const r = await cli.run(['backups', 'download', '--dir', dir], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(
        `^Downloaded backup ${ID} to ${join(dir, name)} \\(\\d+ B in [\\d.]+ s, sha256 ${sha256.slice(0, 12)}…\\)\\.\\n$`,
      ),
    );
    expect(readFileSync(join(dir, name)).equals(archive)).toBe(true);
    expect(readFileSync(join(dir, `${name}.sha256`), 'utf8')).toBe(`${sha256}  ${name}\n`);
    expect(readdirSync(dir).sort()).toEqual(['.secscan-backups.json', name, `${name}.sha256`]);
  });

  it('is silent with -q, and prints the record with -o json', async () => {
    stubDownload();
    const quiet = await cli.run(['-q', 'backups', 'download', '--dir', cli.configDir], { env: authEnv() });
    expect(quiet).toEqual({ code: 0, stdout: '', stderr: '' });
    stubDownload();
    const json = await cli.run(
      ['backups', 'download', '--out', join(cli.configDir, 'o.tgz'), '-q', '-o', 'json'],
      {
        env: authEnv(),
      },
    );
    expect(JSON.parse(json.stdout)).toEqual({
      id: ID,
      path: join(cli.configDir, 'o.tgz'),
      bytes: archive.length,
      sha256,
      seconds: expect.any(Number),
      resumed: 0,
      skipped: false,
      pruned: [],
    });
  });

  it('shows a progress bar only when stderr is a terminal', async () => {
    stubDownload();
    const r = await cli.run(['backups', 'download', '--dir', cli.configDir], {
      env: authEnv(),
      stderrTTY: true,
    });
    expect(r.stderr).toContain(
      `\r\u001b[2KDownloading [####################] 100% ${archive.length} B of ${archive.length} B`,
    );
    expect(r.stderr).toMatch(/\r\u001b\[2KDownloaded backup /);
  });

  it('downloads --id, refuses one that is running or unknown (exit 5), and one when none completed', async () => {
    stubDownload(OLDER);
    const older = await cli.run(['backups', 'download', '--dir', cli.configDir, '--id', OLDER, '-q'], {
      env: authEnv(),
    });
    expect(older.code).toBe(0);
    expect(existsSync(join(cli.configDir, `backup-20260830T020435Z-${OLDER}.tar.gz`))).toBe(true);
    cli.stub('ListOrganizationBackups').reply(200, ok(backups));
    const running = await cli.run(['backups', 'download', '--dir', cli.configDir, '--id', RUNNING], {
      env: authEnv(),
    });
    expect([running.code, running.stderr.split('\n')[0]]).toEqual([
      5,
      `error: backup ${RUNNING} is still running: there is nothing to download`,
    ]);
    cli.stub('ListOrganizationBackups').reply(200, ok(backups.slice(0, 1)));
    const none = await cli.run(['backups', 'download', '--dir', cli.configDir], { env: authEnv() });
    expect([none.code, none.stderr.split('\n')[0]]).toEqual([
      5,
      'error: the organization has no completed backup yet',
    ]);
  });

  it('refuses a second run writing into the same directory (exit 9), naming the holder, before any request', async () => {
    const dir = join(cli.configDir, 'locked');
    mkdirSync(dir);
    const since = new Date().toISOString();
    writeFileSync(
      join(dir, '.secscan-backups.lock'),
      JSON.stringify({ pid: process.pid, host: hostname(), since }),
    );
    const r = await cli.run(['backups', 'download', '--dir', dir], { env: authEnv() });
    expect(r.code).toBe(9);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: another secscan backups download is writing into ${dir} (pid ${process.pid} on ${hostname()}, since ${since})`,
    );
    expect(cli.calls()).toEqual([]);
  });

  it('takes over a lock left by a run that died', async () => {
    const dir = join(cli.configDir, 'stale');
    mkdirSync(dir);
    writeFileSync(
      join(dir, '.secscan-backups.lock'),
      JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), since: '2026-01-01T00:00:00Z' }),
    );
    stubDownload();
    expect((await cli.run(['backups', 'download', '--dir', dir, '-q'], { env: authEnv() })).code).toBe(0);
    expect(existsSync(join(dir, '.secscan-backups.lock'))).toBe(false);
  });

  it('--skip-existing: no transfer when the file is there and verified, again when it does not verify', async () => {
    stubDownload();
    await cli.run(['backups', 'download', '--dir', cli.configDir, '-q'], { env: authEnv() });
    cli.stub('ListOrganizationBackups').reply(200, ok(backups));
    const skipped = await cli.run(
      ['backups', 'download', '--dir', cli.configDir, '--skip-existing', '-o', 'json'],
      {
        env: authEnv(),
      },
    );
    expect(skipped.code).toBe(0);
    expect(JSON.parse(skipped.stdout)).toMatchObject({
      id: ID,
      skipped: true,
      sha256,
      bytes: archive.length,
    });
    expect(skipped.stderr).toMatch(/^Backup .* is already in .*, verified \(\d+ B\)\.\n$/);
    writeFileSync(join(cli.configDir, name), 'corrupted');
    stubDownload();
    const again = await cli.run(['backups', 'download', '--dir', cli.configDir, '--skip-existing'], {
      env: authEnv(),
    });
    expect(again.stderr.split('\n')[0]).toBe(
      `warning: ${join(cli.configDir, name)} does not match ${name}.sha256: downloading it again`,
    );
    expect(readFileSync(join(cli.configDir, name)).equals(archive)).toBe(true);
  });

  it('--keep N prunes only older backups secscan downloaded there, after the new one is complete', async () => {
    const dir = join(cli.configDir, 'keep');
    mkdirSync(dir);
    writeFileSync(join(dir, 'backup-20200101T000000Z-mine.tar.gz'), 'not secscan’s');
    stubDownload(OLDER);
    await cli.run(['backups', 'download', '--dir', dir, '--id', OLDER, '-q'], { env: authEnv() });
    stubDownload();
    const r = await cli.run(['backups', 'download', '--dir', dir, '--keep', '1', '-o', 'json', '-q'], {
      env: authEnv(),
    });
    const olderFile = join(dir, `backup-20260830T020435Z-${OLDER}.tar.gz`);
    expect(JSON.parse(r.stdout).pruned).toEqual([olderFile]);
    expect(readdirSync(dir).sort()).toEqual([
      '.secscan-backups.json',
      'backup-20200101T000000Z-mine.tar.gz',
      name,
      `${name}.sha256`,
    ]);
    const manifest = JSON.parse(readFileSync(join(dir, '.secscan-backups.json'), 'utf8'));
    expect(manifest.backups.map((b: { backup_id: string }) => b.backup_id)).toEqual([ID]);
  });

  it('removes the partial downloads of older backups that killed runs left, and only those', async () => {
    const dir = join(cli.configDir, 'stale');
    mkdirSync(dir);
    const older = `.backup-20260830T020435Z-${OLDER}.tar.gz.part`;
    const newer = `.backup-20260901T020403Z-${RUNNING}.tar.gz.part`;
    writeFileSync(join(dir, older), Buffer.alloc(3 * 1024 * 1024));
    writeFileSync(join(dir, `${older}.json`), '{}');
    writeFileSync(join(dir, newer), 'a newer backup, resumed by a run asking for it');
    writeFileSync(join(dir, `${newer}.json`), '{}');
    writeFileSync(join(dir, '.backup-notes.part'), 'not secscan’s');
    writeFileSync(join(dir, '.backup-20200101T000000Z-x.tar.gz.partial'), 'not secscan’s');
    stubDownload();
    const r = await cli.run(['backups', 'download', '--dir', dir, '-o', 'json'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `Removed 1 partial download of older backups (3.0 MiB), left by runs that were killed: ${older}.\n`,
    );
    expect(JSON.parse(r.stdout).pruned).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual([
      '.backup-20200101T000000Z-x.tar.gz.partial',
      newer,
      `${newer}.json`,
      '.backup-notes.part',
      '.secscan-backups.json',
      name,
      `${name}.sha256`,
    ]);
  });

  it('leaves nothing under the final name when the answer is short or the service fails', async () => {
    cli.stub('ListOrganizationBackups').reply(200, ok(backups));
    cli
      .stub('DownloadOrganizationBackup', { query: { backup_id: ID } })
      .reply(200, archive.subarray(0, 5), {
        headers: { 'content-length': String(archive.length) },
      })
      .times(1);
    cli
      .stub('DownloadOrganizationBackup', { query: { backup_id: ID } })
      .reply(503, { ok: false, message: 'busy' })
      .times(2);
    const r = await cli.run(['backups', 'download', '--dir', cli.configDir], { env: authEnv() });
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toBe('error: DownloadOrganizationBackup: busy (HTTP 503)');
    expect(readdirSync(cli.configDir)).toEqual([]);
  });

  it('says when the list is the wrong shape (exit 8), without downloading', async () => {
    cli.stub('ListOrganizationBackups').reply(200, ok([{ id: ID }]));
    const r = await cli.run(['backups', 'download', '--dir', cli.configDir], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: ListOrganizationBackups: unexpected response at 0\.backup_id/);
  });
});

describe('backups download: a JSON answer is not an archive', () => {
  it('exits 8 and keeps nothing when the download answers with JSON', async () => {
    cli.stub('ListOrganizationBackups').reply(200, ok(backups));
    cli
      .stub('DownloadOrganizationBackup', { query: { backup_id: ID } })
      .reply(200, { ok: false, message: 'later' }, { headers: { 'content-type': 'application/json' } });
    const r = await cli.run(['backups', 'download', '--dir', cli.configDir], { env: authEnv() });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      8,
      'error: DownloadOrganizationBackup: the service answered with application/json where a backup archive was expected',
    ]);
    expect(readdirSync(cli.configDir)).toEqual([]);
  });
});
