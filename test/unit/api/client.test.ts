import type { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operations } from '@secscan/api/operations';
import {
  ApiError,
  AuthError,
  ConfigError,
  NotFoundError,
  RejectedError,
  UnexpectedResponseError,
  UsageError,
} from '../../../src/errors.js';
import { client, failure, mockAgent, ORG, ORIGIN, ops, TOKEN, things } from './fixtures.js';

let agent: MockAgent;
beforeEach(() => {
  agent = mockAgent();
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

describe('ApiClient envelope and schema', () => {
  it('unwraps the envelope, checks the schema and sends the token, accept and user agent', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 'a', extra: 1 }] });
    const data = await client(agent, { userAgent: 'secscan/test' }).call(ops.ListThings);
    expect(data).toEqual([{ id: 'a', extra: 1 }]);
    const [call] = agent.getCallHistory()?.calls() ?? [];
    expect(call?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      'user-agent': 'secscan/test',
    });
  });

  it('keeps a base path in front of /api/v4', async () => {
    agent.get(ORIGIN).intercept({ path: '/svc/api/v4/bare', method: 'GET' }).reply(200, { x: 1 });
    expect(await client(agent, { baseUrl: `${ORIGIN}/svc/` }).call(ops.BareThing)).toEqual({ x: 1 });
  });

  it('returns a bare body for operations without an envelope', async () => {
    agent.get(ORIGIN).intercept({ path: '/api/v4/bare', method: 'GET' }).reply(200, [1, 2]);
    expect(await client(agent).call(ops.BareThing)).toEqual([1, 2]);
  });

  it('turns ok:false with status 200 into an unexpected-response error carrying the message', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: false, code: 'WEIRD', message: 'half done' });
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('ListThings: half done (HTTP 200 WEIRD)');
    expect(error.exitCode).toBe(8);
  });

  it('refuses a 200 body without the envelope (exit 8)', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, [{ id: 'a' }]);
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.exitCode).toBe(8);
  });

  it('refuses a non-JSON 200 body (exit 8)', async () => {
    agent.get(ORIGIN).intercept({ path: things, method: 'GET' }).reply(200, '<html>login</html>');
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toContain('not JSON');
    expect(error.exitCode).toBe(8);
  });

  it('refuses a payload that does not match the schema, naming where (exit 8)', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [{ id: 7 }] });
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.message).toMatch(/^ListThings: unexpected response at 0\.id: /);
  });

  it('validates request bodies strictly before sending (exit 2, no request)', async () => {
    const error = await failure(client(agent).call(ops.CreateThing, { body: { name: 'x', extra: true } }));
    expect(error).toBeInstanceOf(UsageError);
    expect(agent.getCallHistory()?.calls()).toHaveLength(0);
  });

  it('sends a JSON body with a content type', async () => {
    agent
      .get(ORIGIN)
      .intercept({
        path: things,
        method: 'POST',
        body: '{"name":"n"}',
        headers: { 'content-type': 'application/json' },
      })
      .reply(200, { ok: true, response: { id: 'n' } });
    expect(await client(agent).call(ops.CreateThing, { body: { name: 'n' } })).toEqual({ id: 'n' });
  });

  it('needs an organization id for {orgID} paths', () => {
    expect(() => client(agent, { orgId: undefined }).pathFor(ops.ListThings)).toThrow(ConfigError);
  });

  it('encodes path parameters so an id cannot change the path', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: `${things}/..%2F..%2Fuser`, method: 'GET' })
      .reply(200, { ok: true, response: {} });
    await client(agent).call(ops.ReadThing, { path: { thingID: '../../user' } });
  });

  it('sends the query', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: `/api/v4/orgs/${ORG}/tokens?show_expired=true&token_type=access`, method: 'GET' })
      .reply(200, { ok: true, response: [] });
    await client(agent).call(operations.ListTokens, { query: { show_expired: true, token_type: 'access' } });
  });
});

describe('ApiClient error statuses', () => {
  it.each([
    [401, AuthError, 4],
    [403, AuthError, 4],
    [404, NotFoundError, 5],
    [400, RejectedError, 6],
    [409, RejectedError, 6],
    [422, RejectedError, 6],
  ])('maps %i to %o with exit %i', async (status, type, exit) => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(status, { ok: false, code: 'X', message: 'nope' });
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error).toBeInstanceOf(type);
    expect(error.exitCode).toBe(exit);
    expect(error.status).toBe(status);
    expect(error.message).toBe(`ListThings: nope (HTTP ${status} X)`);
  });

  it('maps 507 TOO_MUCH_WORK to rejected (6) without retrying', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(507, { ok: false, code: 'TOO_MUCH_WORK', message: 'too much' });
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error.exitCode).toBe(6);
    expect(error.hint).toContain('narrow');
  });

  it('maps a non-JSON error body by its status', async () => {
    agent.get(ORIGIN).intercept({ path: things, method: 'GET' }).reply(404, 'Not Found');
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error.message).toBe('ListThings: not found (HTTP 404)');
    expect(error.exitCode).toBe(5);
  });

  it('never logs the token or secret fields in debug lines', async () => {
    const lines: string[] = [];
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'POST' })
      .reply(400, { ok: false, message: 'bad', token: 'leaked-secret-1' });
    const error = await failure(
      client(agent, { debug: (l) => lines.push(l) }).call(ops.CreateThing, { body: { name: 'n' } }),
    );
    expect(error.exitCode).toBe(6);
    const text = lines.join('\n');
    expect(text).toContain(`> POST ${ORIGIN}${things}`);
    expect(text).toContain('< 400');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('leaked-secret-1');
  });
});
