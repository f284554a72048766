import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answer,
  backupId,
  type Route,
  secscan,
  server,
  service,
  useHostileService,
  work,
  expectInert,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan backups`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['backups', 'list'],
      ['ListOrganizationBackups', answer({ body: '{"ok":true,"response":[{"backup_id":"51' })],
      /^error: ListOrganizationBackups: the service answered with a body that is not JSON/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([[['backups', 'list']]])('%j', async (argv) => {
    await expectInert(argv);
  });
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [['backups', 'download', '--dir', 'b', '--keep', '0'], 2, 'invalid value for --keep: "0"'],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('a bulk or multi-step command that stops part-way says what it did first', () => {
  it('backups download --keep: a backup it cannot prune leaves the new one in place and names both', async () => {
    const dir = join(work, 'keep');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'backup-old.tar.gz', 'stuck'), { recursive: true });
    const old = {
      file: 'backup-old.tar.gz',
      backup_id: 'old',
      created_at: '2026-01-01T00:00:00Z',
      bytes: 1,
      sha256: 'x',
      downloaded_at: '2026-01-01T00:00:00Z',
    };
    writeFileSync(join(dir, '.secscan-backups.json'), JSON.stringify({ version: 1, backups: [old] }));
    const r = await secscan(['backups', 'download', '--dir', dir, '--keep', '1']);
    expect(r.exitCode).toBe(3);
    const file = 'backup-20260501T000000Z-51111111-2222-4333-8444-555555555555.tar.gz';
    expect(r.stderr.split('\n')[0]).toBe(
      `error: downloaded backup ${backupId} to ${join(dir, file)}, then --keep: cannot remove ${join(dir, 'backup-old.tar.gz')} (ERR_FS_EISDIR)`,
    );
    expect(readFileSync(join(dir, file), 'utf8')).toBe('GZIP'.repeat(256));
    expect(existsSync(join(dir, `${file}.sha256`))).toBe(true);
  });
});

describe('a file the tool writes never looks complete when the answer broke off', () => {
  it.each([
    [['backups', 'download', '--dir', 'out'], 'DownloadOrganizationBackup', 'application/gzip'],
  ] as const)('%j leaves nothing behind (exit 7)', async (argv, operation, type) => {
    rmSync(join(work, 'out'), { recursive: true, force: true });
    mkdirSync(join(work, 'out'));
    const starts: Record<string, string> = {
      'application/pdf': '%PDF-1.4 ',
      'text/html': '<html>',
      'application/csv': 'a,b\n',
    };
    const start = starts[type] ?? '';
    const body = `${start}${'x'.repeat(20_000)}`;
    server.answer = service([
      operation,
      answer({
        partial: body.slice(0, 10_000),
        cut: true,
        headers: { 'content-type': type, 'content-length': String(body.length) },
      }),
    ]);
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/^error: the download broke off at byte 10\d{3} of 20\d{3}/m);
    expect(readdirSync(join(work, 'out'))).toEqual([]);
  });
});
