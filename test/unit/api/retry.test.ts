import { describe, expect, it, vi } from 'vitest';
import {
  humanWait,
  isoSeconds,
  parseRetryAfter,
  retryDelay,
  retryWait,
  shouldRetry,
  sleep,
} from '../../../src/api/retry.js';

describe('shouldRetry', () => {
  it.each(['GET', 'PUT', 'DELETE'])('retries %s on network errors and 408/429/5xx', (method) => {
    for (const status of ['network', 408, 429, 500, 502, 503, 504] as const) {
      expect(shouldRetry(method, status, 1, 3), `${method} ${status}`).toBe(true);
    }
  });

  it.each(['GET', 'PUT', 'DELETE'])('does not retry %s on other statuses', (method) => {
    for (const status of [200, 400, 401, 403, 404, 409, 422, 501, 507]) {
      expect(shouldRetry(method, status, 1, 3), `${method} ${status}`).toBe(false);
    }
  });

  it.each(['POST', 'PATCH'])('never retries %s', (method) => {
    for (const status of ['network', 408, 429, 500, 503] as const) {
      expect(shouldRetry(method, status, 1, 3)).toBe(false);
    }
  });

  it('stops when the attempts are spent', () => {
    expect(shouldRetry('GET', 503, 2, 3)).toBe(true);
    expect(shouldRetry('GET', 503, 3, 3)).toBe(false);
    expect(shouldRetry('GET', 'network', 1, 1)).toBe(false);
  });
});

describe('retryDelay', () => {
  it('grows exponentially with jitter between half and all of the ceiling', () => {
    expect(retryDelay(1, () => 0)).toBe(250);
    expect(retryDelay(1, () => 1)).toBe(500);
    expect(retryDelay(2, () => 0.5)).toBe(750);
    expect(retryDelay(3, () => 0)).toBe(1000);
  });

  it('caps the backoff at 8 seconds', () => {
    expect(retryDelay(10, () => 1)).toBe(8000);
  });
});

describe('retryWait', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('honours Retry-After in seconds or as an HTTP date, up to the cap (60 s by default)', () => {
    expect(retryWait(1, '3', { random: () => 0, now })).toEqual({ delayMs: 3000 });
    expect(retryWait(1, '0', { random: () => 1, now })).toEqual({ delayMs: 0 });
    expect(retryWait(1, '60', { now })).toEqual({ delayMs: 60_000 });
    expect(retryWait(1, 'Wed, 01 Jan 2025 00:00:05 GMT', { now })).toEqual({ delayMs: 5000 });
  });

  it('beyond the cap: no wait, but when the service asked to be retried (issue 18: 27 hours)', () => {
    expect(retryWait(1, '97200', { now })).toEqual({
      later: { at: new Date('2025-01-02T03:00:00Z'), waitMs: 97_200_000 },
    });
    expect(retryWait(1, '61', { now })).toEqual({ later: { at: new Date(now + 61_000), waitMs: 61_000 } });
    expect(retryWait(1, '300', { now, maxWaitMs: 300_000 })).toEqual({ delayMs: 300_000 });
    expect(retryWait(1, '1', { now, maxWaitMs: 0 })).toEqual({
      later: { at: new Date(now + 1000), waitMs: 1000 },
    });
  });

  it('without Retry-After (or with garbage), the backoff', () => {
    expect(retryWait(1, undefined, { random: () => 0, now })).toEqual({ delayMs: 250 });
    expect(retryWait(1, 'soon', { random: () => 0, now })).toEqual({ delayMs: 250 });
    expect(retryWait(1, '-5', { random: () => 0, now })).toEqual({ delayMs: 250 });
  });

  it('says when and how long in words', () => {
    expect(isoSeconds(new Date('2025-01-02T03:00:00.123Z'))).toBe('2025-01-02T03:00:00Z');
    expect([90_000, 300_000, 97_200_000, 400_000_000].map(humanWait)).toEqual([
      '90 s',
      '5 min',
      '27 h',
      '5 d',
    ]);
  });
});

describe('parseRetryAfter', () => {
  it('treats a date in the past as zero, and neither seconds nor a date as nothing', () => {
    const now = Date.parse('2025-01-01T00:00:10Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(0);
    expect(parseRetryAfter(' 97200 ', now)).toBe(97_200_000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('SIGINT'));
    await expect(pending).rejects.toThrow('SIGINT');
  });

  it('resolves after the time', async () => {
    vi.useFakeTimers();
    const pending = sleep(1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBeUndefined();
  });
});

/** Issue 41, item 2.4: any Retry-After, however big or malformed, is read without throwing or hanging. */
describe('Retry-After of any size or shape', () => {
  const now = Date.parse('2026-12-03T00:00:00Z');
  const latest = Date.parse('9999-12-31T23:59:59Z');

  it.each([
    ['20 digits', '99999999999999999999'],
    ['400 digits (Infinity as a double)', '9'.repeat(400)],
    ['230 digits, 200 of them leading zeros', '0'.repeat(200) + '9'.repeat(30)],
  ])('%s of seconds is a wait until the last instant a message can name', (_what, value) => {
    expect(parseRetryAfter(value, now)).toBe(latest - now);
    const wait = retryWait(1, value, { now });
    expect(wait.later?.at.toISOString()).toBe('9999-12-31T23:59:59.000Z');
    expect(isoSeconds(wait.later?.at as Date)).toBe('9999-12-31T23:59:59Z');
    expect(humanWait(wait.later?.waitMs as number)).toBe('7973 y');
  });

  it('reads the three forms of an HTTP date, 2099 included', () => {
    const at2099 = Date.parse('2099-06-01T12:00:00Z') - now;
    expect(parseRetryAfter('Mon, 01 Jun 2099 12:00:00 GMT', now)).toBe(at2099);
    expect(parseRetryAfter('Monday, 01-Jun-99 12:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Mon Jun  1 12:00:00 2099', now)).toBe(at2099);
    // A two-digit year more than 50 years ahead is of the century before: 99 is 1999, 76 is 2076.
    expect(parseRetryAfter('Thursday, 03-Dec-26 00:00:09 GMT', now)).toBe(9000);
    expect(parseRetryAfter('Tuesday, 03-Dec-76 00:00:00 GMT', now)).toBe(
      Date.parse('2076-12-03T00:00:00Z') - now,
    );
  });

  it.each([
    ['x 2'],
    ['Tue, 31 Feb 2026 00:00:00 GMT'],
    ['Tue, 01 Dec 2026 24:00:00 GMT'],
    ['Tue, 01 Dec 2026 00:00:00 UTC'],
    ['2026-12-04T00:00:00Z'],
  ])('%s is no Retry-After (the backoff then): it is no HTTP date', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
    expect(retryWait(1, value, { now, random: () => 0 })).toEqual({ delayMs: 250 });
  });

  it('a time that is none prints as the latest one, never "Invalid time value"', () => {
    expect(isoSeconds(new Date(Number.NaN))).toBe('9999-12-31T23:59:59Z');
    expect(isoSeconds(new Date(8.64e15))).toBe('9999-12-31T23:59:59Z');
  });
});

describe('sleep longer than a timer holds', () => {
  it('does not end early (Node fires a timer of more than 2^31-1 ms after 1 ms)', async () => {
    vi.useFakeTimers();
    try {
      let done = false;
      const pending = sleep(3 * 2 ** 31).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(2 ** 31);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(2 * 2 ** 31);
      await pending;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
