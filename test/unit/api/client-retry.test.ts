import type { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Scheduler } from '../../../src/api/scheduler.js';
import { InterruptedError, RetryLaterError, TransientError } from '../../../src/errors.js';
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

  it('retries a read sent as POST (RetrievePackageInfo) as a GET: on 503 and on a dropped connection', async () => {
    const read = { ...ops.CreateThing, read: true };
    const pool = agent.get(ORIGIN);
    pool.intercept({ path: things, method: 'POST' }).reply(503, { message: 'busy' }, { headers: now });
    pool.intercept({ path: things, method: 'POST' }).replyWithError(new Error('EPIPE'));
    pool.intercept({ path: things, method: 'POST' }).reply(200, { ok: true, response: { id: 'a' } });
    expect(await client(agent).call(read, { body: { name: 'n' } })).toEqual({ id: 'a' });
    expect(methods()).toEqual(['POST', 'POST', 'POST']);

    pool.intercept({ path: things, method: 'POST' }).replyWithError(new Error('EPIPE')).times(2);
    const error = await failure(client(agent, { retries: 1 }).call(read, { body: { name: 'n' } }));
    // Nothing was changed, so the message does not say a change may have been applied.
    expect(error.message).toBe(`CreateThing: cannot reach ${ORIGIN} after 2 attempts: EPIPE`);
    expect(error.exitCode).toBe(7);
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

/** Issue 41, section 2: nothing the client refused to wait for is waited for, with a scheduler or without. */
describe('ApiClient: waits past --max-retry-wait are refused at once', () => {
  it.each([
    [
      'Retry-After: 99999999999999999999',
      { 'retry-after': '99999999999999999999' },
      /retried at 9999-12-31T23:59:59Z \(in \d+ y\)/,
    ],
    [
      'a 429 without Retry-After whose window resets a day away',
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 86_400) },
      /HTTP 429: the service's rate limit has no request left until its window opens at \S+Z \(in 24 h\)/,
    ],
  ])('%s: exit 7 after one request, never "Invalid time value"', async (_what, headers, message) => {
    agent.get(ORIGIN).intercept({ path: things, method: 'GET' }).reply(429, { message: 'slow' }, { headers });
    const error = await failure(client(agent).call(ops.ListThings));
    expect(error).toBeInstanceOf(RetryLaterError);
    expect(error.message).toMatch(message);
    expect(methods()).toHaveLength(1);
  });

  it('under a scheduler, a refusal stops the requests of the round in flight: none is waited for', async () => {
    const pool = agent.get(ORIGIN);
    // A request the service holds (a minute here, forever in the e2e test) and one it refuses for a day.
    pool
      .intercept({ path: `${things}/held`, method: 'GET' })
      .reply(200, { ok: true, response: {} })
      .delay(60_000);
    pool
      .intercept({ path: `${things}/refused`, method: 'GET' })
      .reply(429, { message: 'slow' }, { headers: { 'retry-after': '86400' } });
    const c = client(agent);
    const scheduler = new Scheduler({ concurrency: 2 });
    c.api.useScheduler(scheduler);
    const error = await failure(
      scheduler.map(['held', 'refused'], (id) => c.call(ops.ReadThing, { path: { thingID: id } })),
    );
    expect(error).toBeInstanceOf(RetryLaterError);
    expect(error.message).toMatch(/^ReadThing: HTTP 429: the service asks to be retried at \S+Z \(in 24 h\)/);
    // The map ended with the held request aborted: had it waited for its answer, the test would time out.
    expect(methods()).toHaveLength(2);
  });
});
