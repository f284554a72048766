import { describe, expect, it } from 'vitest';
import { fillPath } from '@secscan/api/operation';
import { operations } from '@secscan/api/operations';
import { type Sandbox, startSandbox } from '../src/start.js';
import { startSandbox as startPublic } from '../src/index.js';
import { call } from './harness.js';

/**
 * Issue 41: the sandbox answers what a client must survive, for the end-to-end tests of secscan's own
 * retries: an error with any headers, the usual answer with headers added, or no answer at all.
 */
async function control(sandbox: Sandbox, method: 'GET' | 'POST', body?: unknown, token = sandbox.token) {
  const res = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('fault rules', () => {
  it('answer an operation’s requests with the error and headers given, after and times choosing which', async () => {
    const sandbox = await startSandbox({
      port: 0,
      faults: [
        JSON.stringify({
          operation: 'ListMyOrgScopes',
          after: 1,
          times: 2,
          status: 429,
          headers: { 'Retry-After': '99999999999999999999' },
        }),
      ],
    });
    try {
      const statuses: number[] = [];
      const retryAfter: (string | null)[] = [];
      for (let i = 0; i < 4; i++) {
        const path = fillPath(operations.ListMyOrgScopes.path, { orgID: sandbox.orgId });
        const res = await fetch(`${sandbox.baseUrl}/api/v4${path}`, {
          headers: { authorization: `Bearer ${sandbox.token}` },
        });
        statuses.push(res.status);
        retryAfter.push(res.headers.get('retry-after'));
        if (res.status === 429) {
          expect(await res.json()).toEqual({
            ok: false,
            code: 'TOO_MANY_REQUESTS',
            message: 'injected fault',
            validation_errors: [],
          });
        } else await res.arrayBuffer();
      }
      expect(statuses).toEqual([200, 429, 429, 200]);
      expect(retryAfter).toEqual([null, '99999999999999999999', '99999999999999999999', null]);
      // Another operation is served as usual.
      expect((await call(sandbox, 'ListApps')).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('add headers to the usual answer, over the rate limit’s own', async () => {
    const sandbox = await startSandbox({
      port: 0,
      rateLimit: '100/s',
      faults: [{ headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '253402300799' } }],
    });
    try {
      const res = await fetch(`${sandbox.baseUrl}/api/v4/orgs/${sandbox.orgId}/apps`, {
        headers: { authorization: `Bearer ${sandbox.token}` },
      });
      expect(res.status).toBe(200);
      expect((await res.json()) as { ok: boolean }).toMatchObject({ ok: true });
      expect([res.headers.get('x-ratelimit-remaining'), res.headers.get('x-ratelimit-reset')]).toEqual([
        '0',
        '253402300799',
      ]);
      expect(res.headers.get('ratelimit-policy')).toBe('"sandbox";q=100;w=1');
    } finally {
      await sandbox.close();
    }
  });

  it('hold a request unanswered until the client goes away, and stop() ends those still held', async () => {
    const lines: string[] = [];
    const sandbox = await startSandbox({ port: 0, faults: [{ hold: true }], log: (l) => lines.push(l) });
    const url = `${sandbox.baseUrl}/api/v4/orgs/${sandbox.orgId}/apps`;
    const headers = { authorization: `Bearer ${sandbox.token}` };
    const gone = new AbortController();
    const first = fetch(url, { headers, signal: gone.signal }).catch((e: unknown) => e);
    const second = fetch(url, { headers }).catch((e: unknown) => e);
    await expect.poll(() => lines.filter((l) => / held \d+ms$/.test(l)).length).toBe(2);
    gone.abort(new Error('client gone'));
    expect(await first).toMatchObject({ message: 'client gone' });
    await sandbox.close();
    expect(await second).toBeInstanceOf(TypeError);
  });

  it('are replaced and listed by the control route, for a Super Admin token only; bad rules are named', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      expect(await control(sandbox, 'GET')).toEqual({
        status: 200,
        json: { ok: true, response: { rules: [] } },
      });
      const set = await control(sandbox, 'POST', {
        rules: [{ operation: 'ListApps', status: 409, code: 'SCAN_FAILED', message: 'scan 7 failed' }],
      });
      expect(set.json).toMatchObject({ ok: true, response: { rules: [{ status: 409, seen: 0, taken: 0 }] } });
      const refused = await call(sandbox, 'ListApps');
      expect([refused.status, refused.json]).toEqual([
        409,
        { ok: false, code: 'SCAN_FAILED', message: 'scan 7 failed', validation_errors: [] },
      ]);
      expect((await control(sandbox, 'GET')).json).toMatchObject({
        response: { rules: [{ seen: 1, taken: 1 }] },
      });
      const bad = await control(sandbox, 'POST', {
        rules: [
          { operation: 'ListThings', status: 503 },
          { hold: true, status: 503 },
          { headers: { 'Content-Length': '3' } },
          { headers: { 'Retry-After': 'a\r\nb' } },
          { status: 200 },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.json.validation_errors).toEqual([
        'rules.0: operation: no operation ListThings in the table',
        'rules.1: a held request gets no answer: hold cannot be given with status or headers',
        'rules.2: headers.Content-Length: the sandbox sets it',
        'rules.3: headers.Retry-After: a header value: up to 8192 characters, no control character',
        'rules.4: status: Too small: expected number to be >=400',
      ]);
      // The rules in place are those set before.
      expect((await call(sandbox, 'ListApps')).status).toBe(409);
      expect((await control(sandbox, 'POST', { rules: [] })).status).toBe(200);
      expect((await call(sandbox, 'ListApps')).status).toBe(200);
      const member = sandbox.accounts.users.find((u) => u.role !== sandbox.accounts.users[0]?.role);
      expect((await control(sandbox, 'GET', undefined, member?.token)).status).toBe(403);
    } finally {
      await sandbox.close();
    }
  });

  it('of startSandbox() and faults() refuse a rule that is none, naming the option', async () => {
    await expect(startPublic({ port: 0, faults: ['{"status":'] })).rejects.toMatchObject({
      kind: 'usage',
      message: expect.stringMatching(
        /^invalid value for --fault: "\{\\"status\\":" \(expected a JSON object/,
      ),
    });
    await expect(startPublic({ port: 0, faults: [{ status: 429, hold: true }] })).rejects.toMatchObject({
      message:
        'invalid value for --fault: a held request gets no answer: hold cannot be given with status or headers',
    });
    const sandbox = await startPublic({ port: 0 });
    try {
      await expect(sandbox.faults([{ times: 0, status: 503 }])).rejects.toMatchObject({
        kind: 'usage',
        message: 'invalid value for faults: times: Too small: expected number to be >=1',
      });
      await sandbox.faults([{ operation: 'ListApps', status: 503, headers: { 'Retry-After': '1' } }]);
      const res = await fetch(`${sandbox.url}/api/v4/orgs/${sandbox.orgId}/apps`, {
        headers: { authorization: `Bearer ${sandbox.token}` },
      });
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '1']);
      await res.arrayBuffer();
    } finally {
      await sandbox.stop();
    }
  });
});
