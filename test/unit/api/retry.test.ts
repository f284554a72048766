import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRetryAfter, retryDelay, shouldRetry, sleep } from '../../../src/api/retry.js';

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
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grows exponentially with jitter between half and all of the ceiling', () => {
    expect(retryDelay(1, undefined, () => 0)).toBe(250);
    expect(retryDelay(1, undefined, () => 1)).toBe(500);
    expect(retryDelay(2, undefined, () => 0.5)).toBe(750);
    expect(retryDelay(3, undefined, () => 0)).toBe(1000);
  });

  it('caps the backoff at 8 seconds', () => {
    expect(retryDelay(10, undefined, () => 1)).toBe(8000);
  });

  it('honours Retry-After in seconds', () => {
    expect(retryDelay(1, '3', () => 0)).toBe(3000);
    expect(retryDelay(1, '0', () => 1)).toBe(0);
  });

  it('honours Retry-After as an HTTP date', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    expect(retryDelay(1, 'Wed, 01 Jan 2025 00:00:05 GMT', () => 0)).toBe(5000);
  });

  it('caps Retry-After at a minute and ignores garbage', () => {
    expect(retryDelay(1, '3600', () => 0)).toBe(60_000);
    expect(retryDelay(1, 'soon', () => 0)).toBe(250);
  });
});

describe('parseRetryAfter', () => {
  it('treats a date in the past as zero', () => {
    const now = Date.parse('2025-01-01T00:00:10Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined)).toBeUndefined();
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
