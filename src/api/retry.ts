import type { HttpMethod } from '@secscan/api/operation';

/** POST and PATCH are never retried: the service may have acted on them. */
export function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'PUT' || method === 'DELETE' || method === 'HEAD';
}

const retryableStatuses = new Set([408, 429, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status);
}

export function shouldRetry(
  method: HttpMethod | string,
  status: number | 'network',
  attempt: number,
  maxAttempts: number,
): boolean {
  if (attempt >= maxAttempts || !isSafeMethod(method)) return false;
  return status === 'network' || isRetryableStatus(status);
}

/** Throttled answers (429, 503) a request may get under a fan-out command's scheduler before it gives up. */
export const maxThrottledRetries = 10;

const baseDelayMs = 500;
const maxDelayMs = 8_000;
const maxRetryAfterMs = 60_000;

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds, capped at a minute. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), maxRetryAfterMs);
}

/** Capped exponential backoff with full jitter; `Retry-After` wins when the service sends it. */
export function retryDelay(
  attempt: number,
  retryAfter: string | undefined,
  random: () => number = Math.random,
): number {
  const fromHeader = parseRetryAfter(retryAfter);
  if (fromHeader !== undefined) return fromHeader;
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
