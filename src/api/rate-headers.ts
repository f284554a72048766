import { latestInstant, waitUntil } from './retry.js';

/**
 * What a service says of its rate limit, from whichever headers it sends: the IETF draft's `RateLimit` and
 * `RateLimit-Policy` (structured fields, `"name";q=100;w=10` and `"name";r=50;t=30`, or the older
 * `limit=10, remaining=5, reset=3` and `10;w=1`), its first form `RateLimit-Limit`/`-Remaining`/`-Reset`,
 * and the common `X-RateLimit-Limit`/`-Remaining`/`-Reset` (reset in seconds, or a Unix time).
 */
export interface RateInfo {
  /** Requests allowed per window, and the window in seconds (the quota policy). */
  limit?: number;
  windowSeconds?: number;
  /** Requests left in the current window, and seconds until it resets. */
  remaining?: number;
  resetSeconds?: number;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value.join(', ') : value;
  return text === undefined || text.trim() === '' ? undefined : text;
}

/** A count or a number of seconds: digits, with a fraction or not; one too large for a double is none. */
function count(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The members of a structured-field list: `"a";q=1;w=2, 5;w=1` as `[{value, params}]`. */
function members(text: string): { value: string; params: Map<string, string> }[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [value = '', ...rest] = part.split(';').map((p) => p.trim());
      const params = new Map<string, string>();
      for (const p of rest) {
        const eq = p.indexOf('=');
        if (eq > 0) params.set(p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim());
      }
      return { value: value.replace(/^"(.*)"$/, '$1'), params };
    });
}

/** A dictionary `limit=10, remaining=5, reset=3` (the draft's first `RateLimit` form). */
function dictionary(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

/** The policy allowing the fewest requests per second, when several are given. */
function policy(text: string): Pick<RateInfo, 'limit' | 'windowSeconds'> {
  let best: { limit: number; windowSeconds: number } | undefined;
  for (const m of members(text)) {
    const limit = count(m.params.get('q') ?? m.value);
    const windowSeconds = count(m.params.get('w')) ?? 1;
    if (limit === undefined || windowSeconds <= 0) continue;
    if (!best || limit / windowSeconds < best.limit / best.windowSeconds) best = { limit, windowSeconds };
  }
  return best ?? {};
}

/** The current window with the fewest requests left, when several are given. */
function state(text: string): Pick<RateInfo, 'limit' | 'remaining' | 'resetSeconds'> {
  const dict = dictionary(text);
  if (dict.has('remaining')) {
    const out: Pick<RateInfo, 'limit' | 'remaining' | 'resetSeconds'> = {};
    const limit = count(dict.get('limit'));
    const remaining = count(dict.get('remaining'));
    const reset = count(dict.get('reset'));
    if (limit !== undefined) out.limit = limit;
    if (remaining !== undefined) out.remaining = remaining;
    if (reset !== undefined) out.resetSeconds = reset;
    return out;
  }
  let best: { remaining: number; resetSeconds?: number } | undefined;
  for (const m of members(text)) {
    const remaining = count(m.params.get('r'));
    if (remaining === undefined) continue;
    const reset = count(m.params.get('t'));
    if (!best || remaining < best.remaining)
      best = { remaining, ...(reset === undefined ? {} : { resetSeconds: reset }) };
  }
  return best ?? {};
}

/** A reset of more than a year of seconds is a Unix time (GitHub's `X-RateLimit-Reset`). */
const unixTimeFrom = 31_536_000;

function resetFrom(value: number | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  return value > unixTimeFrom ? Math.max(0, value - now / 1000) : value;
}

export function readRateHeaders(headers: Headers, now = Date.now()): RateInfo {
  const info: RateInfo = {};
  const set = (part: RateInfo) => {
    for (const [key, value] of Object.entries(part) as [keyof RateInfo, number | undefined][]) {
      if (value !== undefined && info[key] === undefined) info[key] = value;
    }
  };
  const draftPolicy = header(headers, 'ratelimit-policy');
  if (draftPolicy) set(policy(draftPolicy));
  const draft = header(headers, 'ratelimit');
  if (draft) set(state(draft));
  let exact: number | undefined;
  for (const prefix of ['ratelimit-', 'x-ratelimit-']) {
    const reset = count(header(headers, `${prefix}reset`));
    if (reset !== undefined && reset > unixTimeFrom) exact ??= resetFrom(reset, now);
    set({
      limit: count(header(headers, `${prefix}limit`)),
      remaining: count(header(headers, `${prefix}remaining`)),
      resetSeconds: resetFrom(reset, now),
    });
  }
  // A reset given as a Unix time says when the window ends to the millisecond; the draft's `t` is whole
  // seconds, rounded up: a client that waited `t=1` for a window ending 80 ms later lost most of a second
  // in every window (a listing at 20 requests a second ran at 12).
  if (exact !== undefined && info.resetSeconds !== undefined && exact < info.resetSeconds) {
    info.resetSeconds = exact;
  }
  // However far a reset or a window is said to be, it ends by the latest instant a message can name.
  const furthest = waitUntil(latestInstant, now) / 1000;
  if (info.resetSeconds !== undefined) info.resetSeconds = Math.min(info.resetSeconds, furthest);
  if (info.windowSeconds !== undefined) info.windowSeconds = Math.min(info.windowSeconds, furthest);
  return info;
}
