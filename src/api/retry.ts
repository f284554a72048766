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

/** Retries of a safe request after its first attempt, unless `--retries` says otherwise. */
export const defaultRetries = 2;

/** Throttled answers (429, 503) a request may get under a fan-out command's scheduler before it gives up. */
export const maxThrottledRetries = 10;

const baseDelayMs = 500;
const maxDelayMs = 8_000;

/** The longest wait a `Retry-After` may ask for before secscan refuses to wait (`--max-retry-wait`). */
export const defaultMaxRetryWaitMs = 60_000;

/**
 * The latest instant any header is read as: the last second a four-digit year names (9999-12-31T23:59:59Z).
 * A wait the service asks for past it (`Retry-After: 99999999999999999999`, 3 * 10^12 years) is read as one
 * until then: still far past any --max-retry-wait, and a date every message can print (a `Date` past
 * 275760 is invalid, and `toISOString` of it threw "Invalid time value").
 */
export const latestInstant = Date.UTC(9999, 11, 31, 23, 59, 59);

/** The wait until `at` (milliseconds since the epoch) from `now`: never negative, never past `latestInstant`. */
export function waitUntil(at: number, now: number): number {
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.min(at, latestInstant) - now);
}

/** A wait of `ms` from `now`, held to what ends by `latestInstant`, and never negative. */
export function boundedWait(ms: number, now: number): number {
  if (Number.isNaN(ms)) return 0;
  return Math.max(0, Math.min(ms, latestInstant - now));
}

const dayNames = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const longDayNames = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const month = monthNames.join('|');
const time = '(\\d\\d):(\\d\\d):(\\d\\d)';
/** RFC 9110's HTTP-date: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must accept. */
const imfFixdate = new RegExp(`^(?:${dayNames}), (\\d\\d) (${month}) (\\d{4}) ${time} GMT$`, 'i');
const rfc850 = new RegExp(`^(?:${longDayNames}), (\\d\\d)-(${month})-(\\d\\d) ${time} GMT$`, 'i');
const asctime = new RegExp(`^(?:${dayNames}) (${month}) ([ \\d]\\d) ${time} (\\d{4})$`, 'i');

/**
 * An HTTP date, in milliseconds since the epoch, or undefined when the text is none of its three forms or
 * names no such day: read by its grammar, never by `Date.parse`, which takes `x 2` for a day of 2001.
 */
export function parseHttpDate(text: string, now = Date.now()): number | undefined {
  let parts: [string, string, string, string, string, string] | undefined;
  let m = imfFixdate.exec(text);
  if (m) parts = [m[3], m[2], m[1], m[4], m[5], m[6]] as typeof parts;
  else if ((m = rfc850.exec(text))) {
    // A two-digit year more than 50 years ahead is the latest past year ending in those digits (RFC 9110).
    const yy = Number(m[3]);
    const thisYear = new Date(now).getUTCFullYear();
    let year = thisYear - (thisYear % 100) + yy;
    if (year > thisYear + 50) year -= 100;
    parts = [String(year), m[2], m[1], m[4], m[5], m[6]] as typeof parts;
  } else if ((m = asctime.exec(text))) {
    parts = [m[6], m[1], m[2], m[3], m[4], m[5]] as typeof parts;
  }
  if (!parts) return undefined;
  const [year, monthName, day, hour, minute, second] = parts;
  const monthIndex = monthNames.findIndex((n) => n.toLowerCase() === monthName.toLowerCase());
  const [y, d, h, mi, s] = [year, day, hour, minute, second].map((p) => Number(p.trim()));
  if (
    y === undefined ||
    d === undefined ||
    h === undefined ||
    mi === undefined ||
    s === undefined ||
    d < 1 ||
    h > 23 ||
    mi > 59 ||
    s > 60
  ) {
    return undefined;
  }
  const at = Date.UTC(y, monthIndex, d, h, mi, Math.min(s, 59));
  // 31 Feb is no day (Date.UTC would roll it over into March).
  return new Date(at).getUTCDate() === d ? at : undefined;
}

/**
 * `Retry-After` (delay-seconds, or an HTTP date): how long from `now`, in milliseconds, never negative and
 * never past `latestInstant`; undefined for anything else (`-5`, `1.5`, `1e5`, `soon`), which is as if it
 * were absent. Any length of digits is read (a number too large for a double is as far as any).
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return boundedWait(Number(text) * 1000, now);
  // An HTTP date is 24 to 29 characters: a longer text is none, and no pattern runs over it.
  if (text.length > 40) return undefined;
  const at = parseHttpDate(text, now);
  return at === undefined ? undefined : waitUntil(at, now);
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
  const ms = at.getTime();
  // Never "Invalid time value": a time that is none, or past any a header is read as, is the latest one.
  const held = Number.isNaN(ms) || ms > latestInstant ? latestInstant : ms;
  return new Date(held).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A wait for messages: `90 s`, `5 min`, `27 h`, `3 d`, `74 y`. */
export function humanWait(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 2 * 3600) return `${Math.round(s / 60)} min`;
  if (s < 2 * 86_400) return `${Math.round(s / 3600)} h`;
  if (s < 2 * 365 * 86_400) return `${Math.round(s / 86_400)} d`;
  return `${Math.round(s / (365.25 * 86_400))} y`;
}

/** The longest a timer may be set for: Node fires a longer one after 1 ms (a TimeoutOverflowWarning). */
const longestTimerMs = 2 ** 31 - 1;

/** Resolves after `ms` (of any length: a longer wait than a timer holds is several), or rejects on abort. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let left = Number.isNaN(ms) ? 0 : Math.max(0, ms);
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const step = Math.min(left, longestTimerMs);
      left -= step;
      timer = setTimeout(() => {
        if (left > 0) return arm();
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, step);
    };
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
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
 * `asked`: what the service asked, given when (`waits.ts` words its rate limits so); by default, that the
 * request be retried then.
 */
export function retryLaterError(
  context: string,
  status: number | undefined,
  later: RetryLater,
  maxWaitMs: number,
  verify?: string,
  asked: (at: string) => string = (at) => `the service asks to be retried at ${at}`,
): RetryLaterError {
  const at = isoSeconds(later.at);
  const unknown = verify === undefined ? '' : '; the outcome of the change is unknown';
  const answered = status === undefined ? '' : `: HTTP ${status}`;
  return new RetryLaterError(
    `${context}${answered}: ${asked(at)} (in ${humanWait(later.waitMs)}), later than --max-retry-wait (${humanWait(maxWaitMs)}) allows; not waiting${unknown}`,
    later.at,
    {
      status,
      hint: verify ?? `run it again after ${at}, or raise --max-retry-wait`,
    },
  );
}
