import { SandboxError } from './errors.js';
import { error, type Reply } from './http.js';

/** `--rate-limit`: this many API requests per window (a second, or a minute). */
export interface RateLimit {
  limit: number;
  windowSeconds: 1 | 60;
}

/** `20/s`, `20` (per second) or `1200/m`: from 1 to 100,000 requests. */
export function parseRateLimit(flag: string, value: string | number | undefined): RateLimit | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d{1,6})\s*(?:\/\s*(s|sec|second|m|min|minute))?\s*$/i.exec(String(value));
  const limit = Number(m?.[1]);
  if (!m || !(limit >= 1 && limit <= 100_000)) {
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected requests per second or minute from 1 to 100000, e.g. 20/s or 600/m)`,
    );
  }
  return { limit, windowSeconds: m[2]?.toLowerCase().startsWith('m') ? 60 : 1 };
}

export interface Admission {
  /** The 429 to answer instead of serving the request, when the window is spent. */
  refused?: Reply;
  /** The rate-limit headers every API answer carries. */
  headers: Record<string, string | number>;
}

/**
 * A fixed window per wall-clock second (or minute), as many services count: at most `limit` API requests
 * are served in each; the others get 429 with `Retry-After` until the next window. Every answer says so in
 * the IETF draft's `RateLimit-Policy` and `RateLimit` headers and in `X-RateLimit-*` (reset as a Unix
 * time). Each window that saw requests is logged when it ends: `rate-limit: <start> served N, refused M
 * (limit L/s)`, so a log shows that no window served more than the limit.
 */
export class RateLimiter {
  private window = -1;
  private served = 0;
  private refused = 0;

  constructor(
    private readonly rate: RateLimit,
    private readonly log?: (line: string) => void,
  ) {}

  admit(now = Date.now()): Admission {
    const { limit, windowSeconds } = this.rate;
    const span = windowSeconds * 1000;
    const window = Math.floor(now / span);
    if (window !== this.window) {
      this.flush();
      this.window = window;
    }
    const end = (window + 1) * span;
    const reset = Math.max(1, Math.ceil((end - now) / 1000));
    const admitted = this.served < limit;
    if (admitted) this.served++;
    else this.refused++;
    const remaining = limit - this.served;
    const headers: Record<string, string | number> = {
      'ratelimit-policy': `"sandbox";q=${limit};w=${windowSeconds}`,
      ratelimit: `"sandbox";r=${remaining};t=${reset}`,
      'x-ratelimit-limit': limit,
      'x-ratelimit-remaining': remaining,
      'x-ratelimit-reset': Math.ceil(end / 1000),
    };
    if (admitted) return { headers };
    const per = windowSeconds === 1 ? 'second' : 'minute';
    const refused = error(429, 'TOO_MANY_REQUESTS', `more than ${limit} requests in a ${per}; retry later`);
    return { refused, headers: { ...headers, 'retry-after': reset } };
  }

  /** Logs the current window's counts (when it saw requests) and starts counting afresh. */
  flush(): void {
    if (this.served + this.refused > 0 && this.window >= 0) {
      const span = this.rate.windowSeconds * 1000;
      const start = new Date(this.window * span).toISOString();
      const unit = this.rate.windowSeconds === 1 ? 's' : 'm';
      this.log?.(
        `rate-limit: ${start} served ${this.served}, refused ${this.refused} (limit ${this.rate.limit}/${unit})`,
      );
    }
    this.served = 0;
    this.refused = 0;
  }
}
