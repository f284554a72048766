import { RetryLaterError } from '../errors.js';
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

/** The longest wait a `Retry-After` may ask for before secscan refuses to wait (`--max-retry-wait`). */
export const defaultMaxRetryWaitMs = 60_000;

/** `Retry-After` (seconds, or an HTTP date): how long from `now`, in milliseconds, never negative. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  // Whole seconds, or an HTTP date (which names its day and month): `-5` or `1.5` is neither.
  const ms = /^\d+$/.test(text)
    ? Number(text) * 1000
    : /[a-z]/i.test(text)
      ? Date.parse(text) - now
      : Number.NaN;
  if (!Number.isFinite(ms)) return undefined;
  return Math.max(ms, 0);
}

/** The service asked to be retried later than the client will wait: when, and how long from now. */
export interface RetryLater {
  at: Date;
  waitMs: number;
}

/**
 * The wait before the next attempt: `Retry-After` when the service sends one, else capped exponential
 * backoff with full jitter. A `Retry-After` longer than `maxWaitMs` is not waited for: `later` says when
 * the service asked to be retried, and the caller fails at once (exit 7).
 */
export function retryWait(
  attempt: number,
  retryAfter: string | undefined,
  options: { random?: (() => number) | undefined; maxWaitMs?: number | undefined; now?: number } = {},
): { delayMs: number; later?: undefined } | { delayMs?: undefined; later: RetryLater } {
  const now = options.now ?? Date.now();
  const fromHeader = parseRetryAfter(retryAfter, now);
  if (fromHeader !== undefined) {
    if (fromHeader > (options.maxWaitMs ?? defaultMaxRetryWaitMs))
      return { later: { at: new Date(now + fromHeader), waitMs: fromHeader } };
    return { delayMs: fromHeader };
  }
  return { delayMs: retryDelay(attempt, options.random) };
}

/** Capped exponential backoff with full jitter: between half and all of 0.5 s, 1 s, 2 s ... 8 s. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A time for messages: `2026-09-03T03:00:00Z`. */
export function isoSeconds(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A wait for messages: `90 s`, `5 min`, `27 h`, `3 d`. */
export function humanWait(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 2 * 3600) return `${Math.round(s / 60)} min`;
  if (s < 2 * 86_400) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} d`;
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

/** What an error says of an answer's `Retry-After`: the header, and when it asks for, for the message. */
export function retryAfterOf(
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): { retryAfter?: string; retryAt?: string } {
  const raw = headers['retry-after'];
  const retryAfter = Array.isArray(raw) ? raw[0] : raw;
  const ms = parseRetryAfter(retryAfter, now);
  if (ms === undefined || retryAfter === undefined) return {};
  return ms > 0 ? { retryAfter, retryAt: isoSeconds(new Date(now + ms)) } : { retryAfter };
}

/**
 * The service asked (with a 429 or 503) to be retried later than `maxWaitMs`: exit 7 at once, saying when,
 * rather than sleeping for hours. `verify`: a write an earlier attempt of which may have been applied.
 */
export function retryLaterError(
  context: string,
  status: number,
  later: RetryLater,
  maxWaitMs: number,
  verify?: string,
): RetryLaterError {
  const at = isoSeconds(later.at);
  const unknown = verify === undefined ? '' : '; the outcome of the change is unknown';
  return new RetryLaterError(
    `${context}: HTTP ${status}: the service asks to be retried at ${at} (in ${humanWait(later.waitMs)}), later than --max-retry-wait (${humanWait(maxWaitMs)}) allows; not waiting${unknown}`,
    later.at,
    {
      status,
      hint: verify ?? `run it again after ${at}, or raise --max-retry-wait`,
    },
  );
}
