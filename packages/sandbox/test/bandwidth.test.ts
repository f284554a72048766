import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, parseBandwidth, pieceBytes, pieces } from '../src/bandwidth.js';
import { startSandbox } from '../src/start.js';
import { call } from './harness.js';

afterEach(() => vi.restoreAllMocks());

describe('--bandwidth', () => {
  it('reads bytes per second in decimal or binary units, and names the flag when it cannot', () => {
    expect(parseBandwidth('--bandwidth', '100MiB/s')).toBe(100 * 1024 ** 2);
    expect(parseBandwidth('--bandwidth', '1GiB/s')).toBe(1024 ** 3);
    expect(parseBandwidth('--bandwidth', '1.5 GB/s')).toBe(1.5e9);
    expect(parseBandwidth('--bandwidth', '500KB')).toBe(500_000);
    expect(parseBandwidth('--bandwidth', 2048)).toBe(2048);
    expect(parseBandwidth('--bandwidth', undefined)).toBeUndefined();
    for (const bad of ['0', '10', 'fast', '100Mbit/s', '1GiB/h', '200GiB/s', '']) {
      expect(() => parseBandwidth('--bandwidth', bad)).toThrow(
        `invalid value for --bandwidth: ${JSON.stringify(bad)} (expected bytes per second from 1KiB/s to 100GiB/s`,
      );
    }
  });

  it('is one link every answer shares: a writer waits once the link is busier than its slack', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const link = new Link(1024 * 1024, 4);
    // 1 KiB takes about 1 ms at 1 MiB/s: within the slack, no wait.
    expect(link.take(1024)).toBeUndefined();
    expect(link.take(2048)).toBeUndefined();
    // 64 KiB more: the link is busy 64 ms past now (+3 already handed): a wait.
    expect(link.take(64 * 1024)).toBeInstanceOf(Promise);
    // Once that time has passed, the link is free again (idle time is not saved up for a burst).
    now += 1000;
    expect(link.take(1024)).toBeUndefined();
    now += 1000;
    expect(link.take(3 * 1024)).toBeUndefined();
    expect(link.take(2 * 1024)).toBeInstanceOf(Promise);
  });

  it('cuts bodies into pieces without copying them', () => {
    const body = Buffer.alloc(pieceBytes * 2 + 5, 7);
    const parts = [...pieces(body)];
    expect(parts.map((p) => p.length)).toEqual([pieceBytes, pieceBytes, 5]);
    expect(parts[1]?.buffer).toBe(body.buffer);
  });

  it('serves every answer whole through the paced link: JSON, a backup, a range of it', async () => {
    const sandbox = await startSandbox({ port: 0, bandwidth: '64MiB/s', backupSize: '3MiB' });
    try {
      const list = await call(sandbox, 'ListOrganizationBackups');
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.json)).toContain('backup_id');
      const url = `${sandbox.baseUrl}/api/v4/orgs/${sandbox.orgId}/backup/download`;
      const headers = { authorization: `Bearer ${sandbox.token}` };
      const whole = await fetch(url, { headers });
      const bytes = Buffer.from(await whole.arrayBuffer());
      expect([whole.status, bytes.length]).toEqual([200, 3 * 1024 * 1024]);
      const digest = createHash('sha256').update(bytes).digest('base64');
      expect(whole.headers.get('repr-digest')).toBe(`sha-256=:${digest}:`);
      const part = await fetch(url, {
        headers: { ...headers, range: 'bytes=1000000-', 'if-range': whole.headers.get('etag') ?? '' },
      });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1_000_000))).toBe(true);
    } finally {
      await sandbox.close();
    }
  });
});
