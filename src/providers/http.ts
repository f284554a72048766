import type { RawResponse, SendOptions } from '../api/client-types.js';
import { parseRetryAfter, retryLaterError, waitUntil } from '../api/retry.js';
import { isLoopback } from '../util/loopback.js';
import {
  AuthError,
  ConfigError,
  ExitCode,
  NotFoundError,
  RejectedError,
  ServerError,
  UnexpectedResponseError,
} from '../errors.js';

/** What sends a request to one origin with the token (src/api/transport.ts): retries as the contract says. */
export interface Sender {
  send(method: string, path: string, options?: SendOptions): Promise<RawResponse>;
}

/**
 * A provider's API address: https, or plain http on loopback only (the sandbox's stand-ins); never
 * credentials, a query or a fragment. The token goes to this origin and nowhere else.
 */
export function checkApiUrl(value: string, from: string): URL {
  const fail = (why: string): never => {
    throw new ConfigError(`invalid API address ${JSON.stringify(value)} (from ${from}): ${why}`);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('not a URL');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return fail('plain http is refused but on loopback: the token would travel in clear; use https');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('use https://');
  if (url.username || url.password || url.search || url.hash) {
    return fail('no credentials, query or fragment allowed');
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

/** The rate-limit retries a request makes besides the transport's own (a refused write is not applied). */
const maxLimited = 2;

export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: unknown;
}

const header = (res: RawResponse, name: string) => {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The message a provider's error body carries: `message`, `error.message`, `errors[].message`... */
function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  const error = d.error;
  const parts = [
    typeof d.message === 'string' ? d.message : d.message ? JSON.stringify(d.message) : undefined,
    typeof error === 'string' ? error : (error as { message?: unknown } | undefined)?.message,
    ...(Array.isArray(d.errors)
      ? d.errors.map((e) => (typeof e === 'string' ? e : (e as { message?: unknown })?.message))
      : []),
  ].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length ? parts.join(': ').slice(0, 500) : undefined;
}

/**
 * JSON requests to a provider's API (GitHub, GitLab, Azure DevOps, Bitbucket): paths under its address, a
 * next page's link only on the same origin, no redirect followed (the token stays with its host). A
 * refusal for a rate limit (429, or GitHub's secondary limit: a 403 with `Retry-After` or no requests left)
 * is waited out as the service asks, within `--max-retry-wait`, and tried again: the request was not applied.
 */
export class ProviderHttp {
  constructor(
    private readonly sender: Sender,
    readonly base: URL,
    private readonly about: {
      title: string;
      permission: string;
      tokenVariable: string;
      maxRetryWaitMs: number;
      sleep: (ms: number) => Promise<void>;
      now: () => number;
      headers?: Record<string, string>;
    },
  ) {}

  /** The request path for a path under the API, or a link the API gave (a next page) on its origin. */
  private pathOf(target: string, query?: Record<string, string | number | undefined>): string {
    let url: URL;
    if (/^https?:\/\//i.test(target)) {
      url = new URL(target);
      if (url.origin !== this.base.origin) {
        throw new UnexpectedResponseError(
          `${this.about.title}: the API links to ${url.origin}, another host than ${this.base.origin}: not followed (the token goes to its API host only)`,
        );
      }
    } else {
      url = new URL(`${this.base.pathname.replace(/\/+$/, '')}${target}`, this.base.origin);
    }
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return `${url.pathname}${url.search}`;
  }

  /** How long a rate-limited answer asks to wait, in ms; undefined when it is no rate limit. */
  private limitedFor(res: RawResponse): number | undefined {
    const retryAfter = parseRetryAfter(header(res, 'retry-after'), this.about.now());
    if (res.status === 429) return retryAfter ?? 60_000;
    if (res.status !== 403) return undefined;
    if (retryAfter !== undefined) return retryAfter;
    if (header(res, 'x-ratelimit-remaining') === '0') {
      const reset = Number(header(res, 'x-ratelimit-reset'));
      return Number.isFinite(reset) ? waitUntil(reset * 1000, this.about.now()) : 60_000;
    }
    return undefined;
  }

  async json(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    target: string,
    options: { query?: Record<string, string | number | undefined>; body?: unknown } = {},
  ): Promise<JsonAnswer> {
    const path = this.pathOf(target, options.query);
    const context = `${this.about.title}: ${method} ${path.split('?')[0]}`;
    for (let limited = 0; ; limited++) {
      const res = await this.sender.send(method, path, {
        context,
        allowErrorStatus: true,
        accept: 'application/json',
        headers: this.about.headers,
        maxBytes: 64 * 1024 * 1024,
        ...(options.body === undefined
          ? {}
          : { body: JSON.stringify(options.body), contentType: 'application/json' }),
        verify: 'look at the pull request: the comment may be there',
      });
      const wait = res.status >= 400 ? this.limitedFor(res) : undefined;
      if (wait !== undefined && limited < maxLimited) {
        if (wait > this.about.maxRetryWaitMs) {
          const later = { at: new Date(this.about.now() + wait), waitMs: wait };
          throw retryLaterError(context, res.status, later, this.about.maxRetryWaitMs);
        }
        await this.about.sleep(wait);
        continue;
      }
      const text = res.body.toString('utf8');
      let data: unknown;
      if (text.trim() !== '') {
        try {
          data = JSON.parse(text);
        } catch {
          // Azure DevOps answers a token it does not take with its sign-in page, as a success: a 401's meaning.
          if (res.status === 203) {
            throw new AuthError(
              `${context}: the token is not accepted (the API answered with a sign-in page, HTTP 203)`,
              ExitCode.auth,
              401,
              undefined,
              `the token (${this.about.tokenVariable}) needs ${this.about.permission}`,
            );
          }
          if (res.status < 300) {
            throw new UnexpectedResponseError(`${context}: the answer is not JSON (HTTP ${res.status})`);
          }
        }
      }
      if (res.status < 300) return { status: res.status, headers: res.headers, data };
      throw this.error(context, res, data, wait !== undefined);
    }
  }

  private error(context: string, res: RawResponse, data: unknown, limited: boolean): Error {
    const status = res.status;
    const said = messageOf(data);
    const message = `${context}: ${said ?? `HTTP ${status}`} (HTTP ${status})`;
    if (status >= 300 && status < 400) {
      const where = header(res, 'location');
      return new UnexpectedResponseError(
        `${context}: the API answered with a redirect${where ? ` to ${where}` : ''} (HTTP ${status}), which is not followed: the token goes to its API host only`,
        { status, hint: 'check the API address' },
      );
    }
    if (limited) {
      return new ServerError(
        `${message}: still rate limited after ${maxLimited} waits`,
        ExitCode.transient,
        status,
        undefined,
        'run it again later',
      );
    }
    if (status === 401 || status === 403) {
      return new AuthError(
        message,
        ExitCode.auth,
        status,
        undefined,
        `the token (${this.about.tokenVariable}) needs ${this.about.permission}`,
      );
    }
    if (status === 404) {
      return new NotFoundError(
        message,
        ExitCode.notFound,
        status,
        undefined,
        'check the repository and the pull request number, and that the token can see them',
      );
    }
    if (status >= 500 || status === 408 || status === 429) {
      return new ServerError(
        message,
        ExitCode.transient,
        status,
        undefined,
        'the provider may be busy: run it again later',
      );
    }
    return new RejectedError(message, ExitCode.rejected, status, undefined);
  }

  /** Pages of a listing: `next` gives the target of the next page from an answer, undefined at the end. */
  async *pages(
    first: string,
    query: Record<string, string | number | undefined>,
    next: (
      answer: JsonAnswer,
      page: number,
    ) => { target: string; query?: Record<string, string | number | undefined> } | undefined,
  ): AsyncGenerator<JsonAnswer> {
    let target: { target: string; query?: Record<string, string | number | undefined> } | undefined = {
      target: first,
      query,
    };
    const seen = new Set<string>();
    for (let page = 1; target; page++) {
      const key = this.pathOf(target.target, target.query);
      if (seen.has(key) || page > 1000) {
        throw new UnexpectedResponseError(
          `${this.about.title}: the comments' pages do not end (page ${page} is ${key} again)`,
        );
      }
      seen.add(key);
      const answer = await this.json('GET', target.target, { query: target.query });
      yield answer;
      target = next(answer, page);
    }
  }
}

/** A header's value (the first, when repeated). */
export function headerOf(answer: JsonAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** An array the answer must be (a listing page): anything else is exit 8, never "no comments". */
export function listOf(answer: JsonAnswer, what: string, title: string): unknown[] {
  if (!Array.isArray(answer.data)) {
    throw new UnexpectedResponseError(`${title}: the ${what} listing is not a list`);
  }
  return answer.data;
}

/** A comment's id and body from a listing row: text both, or the row is unreadable (exit 8). */
export function commentOf(
  row: unknown,
  title: string,
  body: (r: Record<string, unknown>) => unknown,
): { id: string; body: string } {
  const r = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
  const id = r.id;
  const text = body(r);
  if (
    (typeof id !== 'number' && typeof id !== 'string') ||
    (text !== undefined && text !== null && typeof text !== 'string')
  ) {
    throw new UnexpectedResponseError(
      `${title}: a comment of the listing has no id or a body that is not text`,
    );
  }
  return { id: String(id), body: typeof text === 'string' ? text : '' };
}
