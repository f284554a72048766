import { describe, expect, it } from 'vitest';
import { startSandbox } from '../src/start.js';
import { call } from './harness.js';

describe('fault injection and the request log', () => {
  it('with --fail-rate 1, answers every request with a 503 or a dropped connection, half each', async () => {
    const sandbox = await startSandbox({ port: 0, failRate: 1 });
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 6; i++) {
        try {
          const res = await call(sandbox, 'ListMyOrgScopes');
          expect(res.json).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
          outcomes.push(String(res.status));
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          outcomes.push('dropped');
        }
      }
      expect(outcomes.filter((o) => o === '503')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'dropped')).toHaveLength(3);
    } finally {
      await sandbox.close();
    }
  });

  it('adds --latency to every request', async () => {
    const sandbox = await startSandbox({ port: 0, latency: 120 });
    try {
      const started = performance.now();
      expect((await call(sandbox, 'ListMyOrgScopes')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      await sandbox.close();
    }
  });

  it('logs method, path, status and time, never the token', async () => {
    const lines: string[] = [];
    const sandbox = await startSandbox({ port: 0, log: (line) => lines.push(line) });
    try {
      await call(sandbox, 'ListTokens');
      await call(sandbox, 'ListTokens', { token: 'nope' });
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^GET /api/v4/orgs/${sandbox.orgId}/tokens 200 \\d+ms$`)),
        expect.stringMatching(/ 401 \d+ms$/),
      ]);
      expect(lines.join('\n')).not.toContain(sandbox.token);
    } finally {
      await sandbox.close();
    }
  });
});
