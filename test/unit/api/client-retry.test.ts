import type { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InterruptedError, TransientError } from '../../../src/errors.js';
import { client, failure, mockAgent, ORIGIN, ops, things } from './fixtures.js';

let agent: MockAgent;
beforeEach(() => {
  agent = mockAgent();
});
afterEach(async () => {
  agent.assertNoPendingInterceptors();
  await agent.close();
});

const now = { 'retry-after': '0' };
const methods = () =>
  agent
    .getCallHistory()
    ?.calls()
    .map((c) => c.method) ?? [];

describe('ApiClient retries', () => {
  it('retries a GET on 503 then succeeds', async () => {
    const pool = agent.get(ORIGIN);
    pool
      .intercept({ path: things, method: 'GET' })
      .reply(503, { message: 'busy' }, { headers: now })
      .times(2);
    pool.intercept({ path: things, method: 'GET' }).reply(200, { ok: true, response: [{ id: 'a' }] });
    expect(await client(agent).call(ops.ListThings)).toEqual([{ id: 'a' }]);
    expect(methods()).toEqual(['GET', 'GET', 'GET']);
  });

  it.each(['PUT', 'DELETE'])('retries %s on 502', async (method) => {
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: `${things}/t`, method }).reply(502, '', { headers: now });
    pool.intercept({ path: `${things}/t`, method }).reply(200, { ok: true, response: {} });
    const op = method === 'PUT' ? ops.PutThing : { ...ops.PutThing, method: 'DELETE' as const };
    await client(agent).call(op, { path: { thingID: 't' } });
    expect(methods()).toHaveLength(2);
  });

  it('gives up after the retry budget with exit 7', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(503, { message: 'busy' }, { headers: now })
      .times(3);
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error.exitCode).toBe(7);
    expect(error.status).toBe(503);
    expect(methods()).toHaveLength(3);
  });

  it('honours --retries 0', async () => {
    agent.get(ORIGIN).intercept({ path: things, method: 'GET' }).reply(429, {}, { headers: now });
    const error = await failure(client(agent, { retries: 0 }).call(ops.ListThings));
    expect(error.exitCode).toBe(7);
    expect(methods()).toHaveLength(1);
  });

  it.each([
    ['POST', ops.CreateThing, { body: { name: 'n' } }],
    ['PATCH', ops.PatchThing, { path: { thingID: 't' } }],
  ] as const)('never retries %s', async (method, op, params) => {
    const path = method === 'POST' ? things : `${things}/t`;
    agent.get(ORIGIN).intercept({ path, method }).reply(503, { message: 'busy' }, { headers: now });
    const error = await failure(client(agent).call(op, params));
    expect(error.exitCode).toBe(7);
    expect(methods()).toEqual([method]);
  });

  it('never retries a POST on a network error', async () => {
    agent.get(ORIGIN).intercept({ path: things, method: 'POST' }).replyWithError(new Error('socket hang up'));
    const error = await failure(client(agent).call(ops.CreateThing, { body: { name: 'n' } }));
    expect(error).toBeInstanceOf(TransientError);
    expect(methods()).toHaveLength(1);
  });

  it('turns network errors into TransientError (exit 7) after every attempt', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .replyWithError(new Error('ECONNRESET'))
      .times(2);
    const error = await failure(client(agent, { retries: 1 }).call(ops.ListThings));
    expect(error).toBeInstanceOf(TransientError);
    expect(error.exitCode).toBe(7);
    expect(error.message).toBe(`ListThings: cannot reach ${ORIGIN} after 2 attempts: ECONNRESET`);
  });

  it('times out a slow answer (exit 7)', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [] })
      .delay(500);
    const error = await failure(client(agent, { retries: 0, timeoutMs: 50 }).call(ops.ListThings));
    expect(error).toBeInstanceOf(TransientError);
    expect(error.message).toContain('no answer within 0.05 s');
  });

  it('aborts a request in flight on the signal: InterruptedError, exit 130, no retry', async () => {
    const controller = new AbortController();
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(200, { ok: true, response: [] })
      .delay(1000);
    setTimeout(() => controller.abort(new Error('SIGINT')), 20);
    const error = await failure(client(agent, { signal: controller.signal }).call(ops.ListThings));
    expect(error).toBeInstanceOf(InterruptedError);
    expect(error.exitCode).toBe(130);
    expect(methods()).toHaveLength(1);
  });

  it('aborts the wait between retries', async () => {
    const controller = new AbortController();
    agent
      .get(ORIGIN)
      .intercept({ path: things, method: 'GET' })
      .reply(503, {}, { headers: { 'retry-after': '30' } });
    setTimeout(() => controller.abort(new Error('SIGINT')), 20);
    const error = await failure(client(agent, { signal: controller.signal }).call(ops.ListThings));
    expect(error).toBeInstanceOf(InterruptedError);
  });
});
