import { describe, expect, it } from 'vitest';
import { parseRateLimit, RateLimiter } from '../src/rate-limit.js';
import { startSandbox } from '../src/start.js';
import { call } from './harness.js';

describe('--rate-limit', () => {
  it('reads requests per second or minute, and names the flag when it cannot', () => {
    expect(parseRateLimit('--rate-limit', '20/s')).toEqual({ limit: 20, windowSeconds: 1 });
    expect(parseRateLimit('--rate-limit', 20)).toEqual({ limit: 20, windowSeconds: 1 });
    expect(parseRateLimit('--rate-limit', '600/m')).toEqual({ limit: 600, windowSeconds: 60 });
    expect(parseRateLimit('--rate-limit', undefined)).toBeUndefined();
    for (const bad of ['0', '0/s', 'fast', '20/h', '200000/s']) {
      expect(() => parseRateLimit('--rate-limit', bad)).toThrow(
        `invalid value for --rate-limit: ${JSON.stringify(bad)}`,
      );
    }
  });

  it('serves at most the limit in each window, answers 429 with Retry-After beyond it, and logs each window', () => {
    const lines: string[] = [];
    const limiter = new RateLimiter({ limit: 3, windowSeconds: 1 }, (line) => lines.push(line));
    const at = Date.UTC(2026, 10, 1, 12, 0, 0);
    const answers = [0, 100, 200, 300, 999].map((ms) => limiter.admit(at + ms));
    expect(answers.map((a) => a.refused?.status ?? 200)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[0]?.headers).toEqual({
      'ratelimit-policy': '"sandbox";q=3;w=1',
      ratelimit: '"sandbox";r=2;t=1',
      'x-ratelimit-limit': 3,
      'x-ratelimit-remaining': 2,
      'x-ratelimit-reset': at / 1000 + 1,
    });
    expect(answers[3]?.headers).toMatchObject({ 'retry-after': 1, ratelimit: '"sandbox";r=0;t=1' });
    expect(answers[3]?.refused?.body).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
    expect(limiter.admit(at + 1000).refused).toBeUndefined();
    limiter.flush();
    expect(lines).toEqual([
      'rate-limit: 2026-11-01T12:00:00.000Z served 3, refused 2 (limit 3/s)',
      'rate-limit: 2026-11-01T12:00:01.000Z served 1, refused 0 (limit 3/s)',
    ]);
  });

  it('refuses API requests beyond the limit with the headers, and logs the windows when it stops', async () => {
    const lines: string[] = [];
    const sandbox = await startSandbox({ port: 0, rateLimit: '2/s', log: (line) => lines.push(line) });
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    const seen: string[] = [];
    try {
      for (let i = 0; i < 50 && !refused; i++) {
        const res = await fetch(`${sandbox.baseUrl}/api/v4/orgs/${sandbox.orgId}/tokens`, {
          headers: { authorization: `Bearer ${sandbox.token}` },
        });
        seen.push(res.headers.get('ratelimit-policy') ?? '');
        if (res.status === 429) {
          expect(res.headers.get('retry-after')).toBe('1');
          refused = { status: 429, body: await res.json(), json: undefined };
        } else {
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }
      }
    } finally {
      await sandbox.close();
    }
    expect(refused?.status).toBe(429);
    expect(seen.every((p) => p === '"sandbox";q=2;w=1')).toBe(true);
    expect(lines.some((l) => / 429 \d+ms$/.test(l))).toBe(true);
    const windows = lines.filter((l) => l.startsWith('rate-limit: '));
    expect(windows.length).toBeGreaterThan(0);
    for (const line of windows) {
      const served = Number(/served (\d+)/.exec(line)?.[1]);
      expect(served).toBeLessThanOrEqual(2);
    }
  });
});
