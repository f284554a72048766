import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { backupArchive } from '../src/backups/archive.js';
import { readRange } from '../src/backups/range.js';
import { seedState } from '../src/seed/index.js';
import type { Sandbox } from '../src/start.js';
import { raw, untar } from './bytes.js';
import { call, useSandbox } from './harness.js';

/** What arrives of a download before its connection drops (all of it when none does). */
async function received(sandbox: Sandbox): Promise<{ length: string | null; bytes: Buffer; cut: boolean }> {
  const res = await fetch(`${sandbox.baseUrl}/api/v4/orgs/${sandbox.orgId}/backup/download`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  const chunks: Uint8Array[] = [];
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done)
        return { length: res.headers.get('content-length'), bytes: Buffer.concat(chunks), cut: false };
      chunks.push(value);
    }
  } catch {
    return { length: res.headers.get('content-length'), bytes: Buffer.concat(chunks), cut: true };
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');

describe('sandbox: backups', () => {
  const sandbox = useSandbox();

  it('lists backups newest first, completed and failed: one still running is left out, as the document allows', async () => {
    const res = await call(sandbox(), 'ListOrganizationBackups');
    expect(res.status).toBe(200);
    const backups = res.json.response as { status: string; created_at: string; completed_at?: string }[];
    expect(backups.map((b) => b.status)).toEqual([
      'completed',
      'completed',
      'failed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(sandbox().state.backups.filter((b) => b.status === 'running')).toHaveLength(1);
    expect([...backups].sort((a, b) => b.created_at.localeCompare(a.created_at))).toEqual(backups);
    for (const b of backups) {
      expect(b).toMatchObject({ organization_id: sandbox().orgId, completed_at: expect.any(String) });
    }
  });

  it('serves the latest completed backup as a real tar.gz of the organization’s state', async () => {
    const list = (await call(sandbox(), 'ListOrganizationBackups')).json.response;
    const res = await raw(sandbox(), 'DownloadOrganizationBackup');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toContain(`backup-${list[0].backup_id}.tar.gz`);
    expect(res.headers.get('repr-digest')).toBe(`sha-256=:${sha256(res.bytes)}:`);
    const files = untar(gunzipSync(res.bytes));
    const dir = `backup-${list[0].backup_id}`;
    expect([...files.keys()]).toEqual(
      ['manifest', 'apps', 'teams', 'configuration', 'scans', 'findings'].map((f) => `${dir}/${f}.json`),
    );
    expect(JSON.parse(files.get(`${dir}/apps.json`)?.toString() ?? '')).toEqual(sandbox().state.apps);
    expect(JSON.parse(files.get(`${dir}/manifest.json`)?.toString() ?? '')).toMatchObject({
      organization_id: sandbox().orgId,
      backup_id: list[0].backup_id,
    });
    const again = await raw(sandbox(), 'DownloadOrganizationBackup', {
      query: `backup_id=${list[0].backup_id}`,
    });
    expect(again.bytes.equals(res.bytes)).toBe(true);
    expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it('answers ranges with 206 and Content-Range, past the end with 416; a stale If-Range gets it all', async () => {
    const full = await raw(sandbox(), 'DownloadOrganizationBackup');
    const size = full.bytes.length;
    const etag = full.headers.get('etag') as string;
    const part = await raw(sandbox(), 'DownloadOrganizationBackup', { headers: { range: 'bytes=100-' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-${size - 1}/${size}`);
    expect(part.bytes.equals(full.bytes.subarray(100))).toBe(true);
    const middle = await raw(sandbox(), 'DownloadOrganizationBackup', {
      headers: { range: 'bytes=10-19', 'if-range': etag },
    });
    expect([middle.status, middle.bytes.equals(full.bytes.subarray(10, 20))]).toEqual([206, true]);
    const past = await raw(sandbox(), 'DownloadOrganizationBackup', { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    const stale = await raw(sandbox(), 'DownloadOrganizationBackup', {
      headers: { range: 'bytes=100-', 'if-range': '"something-else"' },
    });
    expect([stale.status, stale.bytes.length]).toEqual([200, size]);
  });

  it('refuses a backup that is running (409) or unknown (404)', async () => {
    const id = sandbox().state.backups.find((b) => b.status === 'running')?.backup_id as string;
    const running = await call(sandbox(), 'DownloadOrganizationBackup', { query: `backup_id=${id}` });
    expect(running.status).toBe(409);
    expect(running.json).toMatchObject({ ok: false, code: 'BACKUP_NOT_READY' });
    const unknown = await call(sandbox(), 'DownloadOrganizationBackup', {
      query: 'backup_id=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
  });

  it('reads single ranges as RFC 9110 says', () => {
    expect(readRange(undefined, undefined, '"e"', 100)).toEqual({ kind: 'full' });
    expect(readRange('bytes=-10', undefined, '"e"', 100)).toEqual({ kind: 'partial', start: 90, end: 100 });
    expect(readRange('bytes=90-200', '"e"', '"e"', 100)).toEqual({ kind: 'partial', start: 90, end: 100 });
    expect(readRange('bytes=0-1,5-6', undefined, '"e"', 100)).toEqual({ kind: 'full' });
    expect(readRange('bytes=9-3', undefined, '"e"', 100)).toEqual({ kind: 'full' });
    expect(readRange('bytes=-0', undefined, '"e"', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(readRange('bytes=100-', undefined, '"e"', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('sandbox: --backup-size and --cut-downloads', () => {
  const size = 3 * 1024 * 1024 + 7;
  const sandbox = useSandbox({ backupSize: String(size), cutDownloads: '0.5' });

  it('pads a backup to exactly SIZE, still a gzip whose tar holds the state and padding', async () => {
    // The whole file arrives in two parts: the cut drops the first at half.
    const half = Math.floor(size / 2);
    const first = await received(sandbox());
    expect([first.length, first.bytes.length, first.cut]).toEqual([String(size), half, true]);
    const rest = await raw(sandbox(), 'DownloadOrganizationBackup', { headers: { range: `bytes=${half}-` } });
    expect(rest.status).toBe(206);
    const bytes = Buffer.concat([first.bytes, rest.bytes]);
    expect(bytes.length).toBe(size);
    expect(rest.headers.get('repr-digest')).toBe(`sha-256=:${sha256(bytes)}:`);
    const files = untar(gunzipSync(bytes));
    const names = [...files.keys()].map((n) => n.replace(/^backup-[^/]+\//, ''));
    expect(names).toEqual([
      'manifest.json',
      'apps.json',
      'teams.json',
      'configuration.json',
      'scans.json',
      'findings.json',
      'padding.bin',
    ]);
  });

  it('cuts every transfer that crosses the cut point, exactly there, so only a resume finishes', async () => {
    const half = Math.floor(size / 2);
    for (let i = 0; i < 2; i++) {
      const { bytes, cut } = await received(sandbox());
      expect([bytes.length, cut]).toEqual([half, true]);
    }
    const beyond = await raw(sandbox(), 'DownloadOrganizationBackup', {
      headers: { range: `bytes=${half + 1}-` },
    });
    expect([beyond.status, beyond.bytes.length]).toEqual([206, size - half - 1]);
  });

  it('never holds a large backup in memory: a 4 GiB one is served by range at once', () => {
    const state = seedState(1);
    const backup = state.backups[1] as (typeof state.backups)[number];
    const archive = backupArchive(state, backup, 4 * 1024 ** 3);
    expect(archive.size).toBe(4 * 1024 ** 3);
    const end = [...archive.chunks(archive.size - 3 * 1024 * 1024, archive.size - 8)];
    expect(end.reduce((n, c) => n + c.length, 0)).toBe(3 * 1024 * 1024 - 8);
    expect(end.every((c) => c.length <= 1024 * 1024)).toBe(true);
  });
});

describe('sandbox: --backup-faults, the wrong answers a resuming client must not take', () => {
  const sandbox = useSandbox();
  const download = (headers: Record<string, string>) =>
    raw(sandbox(), 'DownloadOrganizationBackup', { headers });

  it('ignore-if-range: a 206 of the bytes as they are whatever If-Range says; no-digest: no Repr-Digest', async () => {
    const full = await download({});
    const size = full.bytes.length;
    sandbox().backup({ status: 'failed', faults: ['ignore-if-range', 'no-digest'] });
    const stale = await download({ range: 'bytes=100-', 'if-range': '"another backup"' });
    expect([stale.status, stale.headers.get('content-range')]).toEqual([
      206,
      `bytes 100-${size - 1}/${size}`,
    ]);
    expect(stale.bytes.equals(full.bytes.subarray(100))).toBe(true);
    expect(stale.headers.get('etag')).toBe(full.headers.get('etag'));
    expect(stale.headers.get('repr-digest')).toBeNull();
    expect((await download({ range: `bytes=${size}-`, 'if-range': '"another"' })).status).toBe(416);
    sandbox().backup({ status: 'failed', faults: [] });
    expect((await download({ range: 'bytes=100-', 'if-range': '"another backup"' })).status).toBe(200);
  });

  it('shift-range: the 206 starts a MiB before the byte asked for; other-total: its total is one byte more', async () => {
    const big = 3 * 1024 * 1024;
    sandbox().backup({ size: big, faults: 'shift-range' });
    const full = await download({});
    expect(full.bytes.length).toBe(big);
    const shifted = await download({ range: `bytes=${big - 1000}-` });
    const from = big - 1000 - 1024 * 1024;
    expect([shifted.status, shifted.headers.get('content-range')]).toEqual([
      206,
      `bytes ${from}-${big - 1}/${big}`,
    ]);
    expect(shifted.bytes.equals(full.bytes.subarray(from))).toBe(true);
    sandbox().backup({ status: 'failed', faults: 'other-total' });
    const longer = await download({ range: 'bytes=10-' });
    expect([longer.status, longer.headers.get('content-range'), longer.bytes.length]).toEqual([
      206,
      `bytes 10-${big - 1}/${big + 1}`,
      big - 10,
    ]);
  });

  it('refuses a fault it does not know, naming the choices', () => {
    expect(() => sandbox().backup({ faults: 'slow' })).toThrow(
      'invalid value for faults: "slow" (expected faults from ignore-if-range, no-digest, shift-range, other-total, separated by commas)',
    );
  });
});
