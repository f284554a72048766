import type { RetryLaterError } from '../errors.js';
import { readRateHeaders } from './rate-headers.js';
import { boundedWait, humanWait, isoSeconds, parseRetryAfter, retryLaterError } from './retry.js';

/**
 * What holds a request back: the service's asking (a `Retry-After` of a throttled answer, its rate-limit
 * window spent until its reset, its quota policy's pace), or the client's own backoff, which is never
 * refused (it is at most 20 s, and the run's retry budget bounds how often it comes).
 */
export type WaitCause =
  | { kind: 'retry-after'; status: number }
  | { kind: 'window'; status?: number | undefined }
  | { kind: 'policy'; limit: number; windowSeconds: number }
  | { kind: 'backoff' };

/** `1 request per 100000 s`, `20 requests per 1 s`. */
function quota(limit: number, windowSeconds: number): string {
  const n = Number.isInteger(limit) ? String(limit) : limit.toFixed(2);
  return `${n} request${limit === 1 ? '' : 's'} per ${windowSeconds} s`;
}

/** What the service asks, for messages: `the service asks to be retried at T`, `... window opens at T`. */
function asked(cause: WaitCause, at: string): string {
  switch (cause.kind) {
    case 'retry-after':
      return `the service asks to be retried at ${at}`;
    case 'window':
      return `the service's rate limit has no request left until its window opens at ${at}`;
    case 'policy':
      return `the service's rate limit (${quota(cause.limit, cause.windowSeconds)}) allows the next request at ${at}`;
    case 'backoff':
      return `the next attempt is due at ${at}`;
  }
}

/**
 * A start the service would put further away than `maxWaitMs` (`--max-retry-wait`) allows: exit 7 at once,
 * saying when, rather than sleeping for hours.
 */
export function waitRefused(
  context: string,
  cause: WaitCause,
  at: Date,
  waitMs: number,
  maxWaitMs: number,
  verify?: string,
): RetryLaterError {
  const status = 'status' in cause ? cause.status : undefined;
  const later = { at, waitMs };
  return retryLaterError(context, status, later, maxWaitMs, verify, (when) => asked(cause, when));
}

/** The line telling of a wait the service asked for, within `--max-retry-wait`: when it ends. */
export function waitNotice(cause: WaitCause, at: Date, waitMs: number): string {
  const when = isoSeconds(at);
  const wait = humanWait(waitMs);
  switch (cause.kind) {
    case 'retry-after':
      return `waiting ${wait}: the service answered HTTP ${cause.status} and asks to be retried at ${when}`;
    case 'window':
      return `waiting ${wait}: the service's rate limit has no request left until its window opens at ${when}`;
    case 'policy':
      return `waiting ${wait}: the service's rate limit (${quota(cause.limit, cause.windowSeconds)}) allows the next request at ${when}`;
    case 'backoff':
      return `waiting ${wait}, until ${when}`;
  }
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * The wait an answer asks for before the request is tried again, and why: its `Retry-After`, else, for a
 * throttled answer (429, 503), the reset of a rate-limit window it says is spent (`X-RateLimit-Remaining: 0`,
 * the draft's `remaining=0`). Undefined when it asks for none (the client's backoff then).
 */
export function askedWait(
  status: number,
  headers: Headers,
  now = Date.now(),
): { ms: number; cause: WaitCause } | undefined {
  const raw = headers['retry-after'];
  const retryAfter = parseRetryAfter(Array.isArray(raw) ? raw[0] : raw, now);
  if (retryAfter !== undefined) return { ms: retryAfter, cause: { kind: 'retry-after', status } };
  if (status !== 429 && status !== 503) return undefined;
  const info = readRateHeaders(headers, now);
  if (info.remaining !== 0 || info.resetSeconds === undefined) return undefined;
  return { ms: boundedWait(info.resetSeconds * 1000, now), cause: { kind: 'window', status } };
}
