import type { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { redactUrl } from '../../../src/api/redact.js';
import { ConfigError, TransientError, UnexpectedResponseError } from '../../../src/errors.js';
import { client, failure, mockAgent, ORIGIN, ops, things } from './fixtures.js';

let agent: MockAgent;
beforeEach(() => {
  agent = mockAgent();
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

function tlsError(code: string): Error {
  return Object.assign(new Error(`TLS failure ${code}`), { code });
}

describe('a certificate the client does not trust', () => {
  it.each(['SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID'])(
    '%s is a configuration error (exit 3), tried once, with a hint naming NODE_EXTRA_CA_CERTS',
    async (code) => {
      agent.get(ORIGIN).intercept({ path: things, method: 'GET' }).replyWithError(tlsError(code));
      const error = await failure(client(agent, { retries: 2 }).call(ops.ListThings));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.exitCode).toBe(3);
      expect(error.message).toContain(`is not trusted (${code})`);
      expect(error.hint).toContain('NODE_EXTRA_CA_CERTS');
      expect(error.hint).not.toContain('safe to retry');
      expect(agent.getCallHistory()?.calls()).toHaveLength(1);
    },
  );
});

describe('a write whose answer was lost', () => {
  it('a dropped POST says the change may have been applied and how to check, never "safe to retry"', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'POST' })
      .replyWithError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
    const error = await failure(
      client(agent).api.send('POST', things, {
        body: '{"name":"n"}',
        verify: 'check with `secscan things list` before retrying',
      }),
    );
    expect(error).toBeInstanceOf(TransientError);
    expect(error.exitCode).toBe(7);
    expect(error.message).toContain('the change may or may not have been applied');
    expect(error.hint).toBe('check with `secscan things list` before retrying');
    expect(agent.getCallHistory()?.calls()).toHaveLength(1);
  });

  it('a 503 to a PATCH says the outcome is unknown (exit 7), not "safe to retry"', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: `${things}/t`, method: 'PATCH' })
      .reply(503, { ok: false, message: 'busy' });
    const error = await failure(
      client(agent).call(ops.PatchThing, {
        path: { thingID: 't' },
        body: {},
        verify: 'check with `secscan things show t`',
      }),
    );
    expect(error.exitCode).toBe(7);
    expect(error.message).toContain('the outcome of the change is unknown');
    expect(error.hint).toBe('check with `secscan things show t`');
  });

  it('a dropped GET is still safe to retry', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .replyWithError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    const error = await failure(client(agent, { retries: 0 }).call(ops.ListThings));
    expect(error.hint).toContain('safe to retry');
  });
});

describe('answers the client will not read', () => {
  it('a body over the size limit is exit 8 naming the limit', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 'x'.repeat(5000) }] });
    const error = await failure(client(agent, { maxBodyBytes: 1024 }).call(ops.ListThings));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.exitCode).toBe(8);
    expect(error.message).toMatch(/^ListThings: the answer is larger than the 1 KiB a JSON answer may have/);
  });

  it('a redirect is reported as one, with its target, and not followed', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(302, '', { headers: { location: 'https://login.example.com/sso' } });
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error.exitCode).toBe(8);
    expect(error.message).toBe(
      'ListThings: the service answered with a redirect to https://login.example.com/sso (HTTP 302), which is not followed',
    );
    expect(agent.getCallHistory()?.calls()).toHaveLength(1);
  });
});

describe('--debug', () => {
  it('redacts secret-looking query parameters', () => {
    expect(redactUrl('/x?token=abc&page=2&client_secret=s3&Signature=q')).toBe(
      '/x?token=[redacted]&page=2&client_secret=[redacted]&Signature=[redacted]',
    );
    expect(redactUrl('/x')).toBe('/x');
  });

  it('logs request URLs with query secrets redacted', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: `${things}?access_token=SECRET1234&per_page=5`, method: 'GET' })
      .reply(200, { ok: true, response: [] });
    const lines: string[] = [];
    await client(agent, { debug: (l) => lines.push(l) }).call(ops.ListThings, {
      query: { access_token: 'SECRET1234', per_page: 5 },
    });
    expect(lines.join('\n')).not.toContain('SECRET1234');
    expect(lines.join('\n')).toContain('access_token=[redacted]&per_page=5');
  });
});
