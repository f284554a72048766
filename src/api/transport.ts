import type { Dispatcher } from 'undici';
import type { Operation } from '@secscan/api/operation';
import { defaultDispatcher } from './dispatcher.js';
import { withAuthHint } from './auth-hints.js';
import { withUnreachableHint } from './unreachable.js';
import {
  type ApiError,
  apiErrorFromResponse,
  ConfigError,
  InterruptedError,
  TransientError,
  UnexpectedResponseError,
} from '../errors.js';
import { tooManyJsonValues } from './json-limits.js';
import { redactJson, redactUrl } from './redact.js';
import {
  defaultMaxRetryWaitMs,
  defaultRetries,
  isRetryableStatus,
  maxThrottledRetries,
  retryAfterOf,
  retryDelay,
  shouldRetry,
  sleep,
} from './retry.js';
import { askedWait, waitRefused } from './waits.js';
import type { Scheduler } from './scheduler.js';
import { anySignal } from '../util/any-signal.js';
import {
  certificateError,
  debugBody,
  errorCode,
  formatBytes,
  headerValue,
  isWrite,
  networkError,
  neverSent,
  readCapped,
  refusesRepeat,
  safeJson,
  untrustedCertificate,
} from './wire.js';
import type { ClientOptions, OpenOptions, RawResponse, SendOptions } from './client-types.js';

const defaultMaxBodyBytes = 256 * 1024 * 1024;

/**
 * The HTTP side of a client: one origin, its dispatcher (made on first use) and its token; a request read
 * whole, retried as the contract says (`send`), or one streamed and never retried (`stream`). The client
 * above it knows operations, pages and schemas.
 */
export class Transport {
  /** A fan-out command's scheduler: every request from then on asks it for a start. */
  scheduler: Scheduler | undefined;
  /**
   * The status and headers of the last answer, and when its request started (a scheduler installed later
   * reads its rate-limit headers).
   */
  last: { status: number; headers: RawResponse['headers']; startedAt: number } | undefined;
  private dispatcher: Dispatcher | undefined;

  constructor(
    readonly origin: string,
    private readonly opts: ClientOptions,
  ) {
    this.dispatcher = opts.dispatcher;
  }

  /** One request whose body the caller streams: no retries; a status of 300 or more is thrown unless passed. */
  async stream(op: Operation, path: string, options: OpenOptions = {}): Promise<Dispatcher.ResponseData> {
    const started = Date.now();
    const extra = options.headers ?? {};
    this.log(
      `> ${op.method} ${this.origin}${redactUrl(path)}${Object.entries(extra)
        .map(([k, v]) => ` ${k}: ${v}`)
        .join(',')}`,
    );
    let res: Dispatcher.ResponseData;
    try {
      const dispatcher = (this.dispatcher ??= await defaultDispatcher({ caFile: this.opts.caFile }));
      res = await dispatcher.request({
        origin: this.origin,
        path,
        method: op.method,
        headers: { ...this.headers(options.accept ?? op.media ?? 'application/octet-stream'), ...extra },
        signal: this.opts.signal,
        headersTimeout: this.opts.timeoutMs ?? 30_000,
        bodyTimeout: this.opts.timeoutMs ?? 30_000,
      });
    } catch (error) {
      if (this.opts.signal?.aborted) throw this.interrupted();
      if (error instanceof ConfigError) throw error;
      if (untrustedCertificate.has(errorCode(error) ?? '')) throw certificateError(this.origin, op.id, error);
      throw withUnreachableHint(
        networkError(this.origin, op.id, op.method, error),
        this.origin,
        this.opts.tokenFacts,
      );
    }
    this.log(`< ${res.statusCode} (${Date.now() - started} ms)`);
    if (res.statusCode >= 300 && !options.pass?.includes(res.statusCode)) {
      const text = (await readCapped(res.body, 1024 * 1024))?.toString('utf8') ?? '';
      const error = apiErrorFromResponse(res.statusCode, safeJson(text), op.id, {
        method: op.method,
        location: headerValue(res.headers.location),
        ...retryAfterOf(res.headers),
      });
      throw withAuthHint(error, this.opts.tokenFacts);
    }
    return res;
  }

  /** A request to the configured origin with retries, timeouts and abort; the token never leaves it. */
  async send(method: string, path: string, options: SendOptions = {}): Promise<RawResponse> {
    const retries = this.opts.retries ?? defaultRetries;
    const maxAttempts = retries + 1;
    const context = options.context ?? `${method} ${path.split('?')[0]}`;
    // What retries and messages go by: a read sent as POST is retried (and reported) as a GET is.
    const as = options.read ? 'GET' : method;
    // A write (PUT, DELETE: retried) whose earlier attempt got no answer may already have been applied.
    let lost = false;
    // Throttled answers under a scheduler wait for it and do not spend the retry budget (up to a cap).
    let throttled = 0;
    for (let attempt = 1; ; attempt++) {
      const budget = maxAttempts + throttled;
      // A page asked for ahead and cancelled while it waited for its start is never sent; a start the
      // service would put past --max-retry-wait is refused (exit 7), and a stopped run's is not given.
      const release = await this.scheduler
        ?.acquire(options.signal, context)
        .catch((error: unknown) => Promise.reject(this.opts.signal?.aborted ? this.interrupted() : error));
      const started = Date.now();
      this.log(
        `> ${method} ${this.origin}${redactUrl(path)}${attempt > 1 ? ` (attempt ${attempt} of ${budget})` : ''}`,
      );
      if (options.body !== undefined) this.log(`> body ${debugBody(options.body)}`);
      let res: RawResponse;
      try {
        res = await this.attempt(method, path, options, started).finally(release);
      } catch (error) {
        if (this.opts.signal?.aborted) throw this.interrupted();
        // Cancelled by the caller (a page asked for ahead and not needed): no retry.
        if (options.signal?.aborted) throw error;
        // The run's work was stopped (another request of it failed): that failure is the run's.
        this.throwIfStopped();
        // A response over the size limit, or a CA file that cannot be read: no retry helps.
        if (error instanceof UnexpectedResponseError || error instanceof ConfigError) throw error;
        if (untrustedCertificate.has(errorCode(error) ?? ''))
          throw certificateError(this.origin, context, error);
        const delay = retryDelay(attempt, this.opts.random);
        if (shouldRetry(as, 'network', attempt, budget) && this.before(options.deadline, delay)) {
          lost ||= isWrite(as) && !neverSent(error);
          this.log(`! ${(error as Error).message}; retrying in ${delay} ms`);
          await this.pause(delay);
          continue;
        }
        throw withUnreachableHint(
          networkError(this.origin, context, as, error, attempt, options.verify, lost),
          this.origin,
          this.opts.tokenFacts,
        );
      }
      this.log(`< ${res.status} (${res.durationMs} ms, ${res.body.length} bytes)`);
      this.last = { status: res.status, headers: res.headers, startedAt: started };
      const maxWaitMs = this.opts.maxRetryWaitMs ?? defaultMaxRetryWaitMs;
      // What the answer asks to wait: its Retry-After, else a throttled answer's spent window until its reset.
      const asked = isRetryableStatus(res.status) ? askedWait(res.status, res.headers) : undefined;
      const verdict = this.scheduler?.observe(res.status, res.headers, started);
      if (verdict?.throttled && !verdict.spent && throttled < maxThrottledRetries) {
        // The scheduler waits out the wait asked for before the next start; one past --max-retry-wait is not
        // waited for (below: exit 7 at once, saying when), under a scheduler as without one.
        if ((asked === undefined || asked.ms <= maxWaitMs) && shouldRetry(as, res.status, 1, 2)) {
          throttled++;
          lost ||= isWrite(as);
          continue;
        }
      }
      if (
        res.status < 300 ||
        res.status === options.expectStatus ||
        (options.allowErrorStatus && (verdict?.spent || !shouldRetry(as, res.status, attempt, budget)))
      ) {
        return res;
      }
      // An error's body is read for its message: one of too many values to parse safely is not.
      const parsedBody = !tooManyJsonValues(res.body) ? safeJson(res.body.toString('utf8')) : undefined;
      if (this.opts.debug) this.log(`< body ${JSON.stringify(redactJson(parsedBody)).slice(0, 2000)}`);
      if (shouldRetry(as, res.status, attempt, budget)) {
        lost ||= isWrite(as);
        const tooLong = asked !== undefined && asked.ms > maxWaitMs;
        const delayMs = asked?.ms ?? retryDelay(attempt, this.opts.random);
        if (!tooLong && !verdict?.spent && this.before(options.deadline, delayMs)) {
          this.log(`! HTTP ${res.status}; retrying in ${delayMs} ms`);
          await this.pause(delayMs);
          continue;
        }
        // Past a wait's deadline, the answer's own error (its Retry-After kept) ends the request.
        if (tooLong && options.deadline === undefined) {
          const verify = lost ? (options.verify ?? 'check before retrying') : undefined;
          const at = new Date(Date.now() + asked.ms);
          throw waitRefused(context, asked.cause, at, asked.ms, maxWaitMs, verify);
        }
      }
      const error = withAuthHint(
        apiErrorFromResponse(res.status, parsedBody, context, {
          method: as,
          verify: options.verify,
          location: headerValue(res.headers.location),
          ...retryAfterOf(res.headers),
        }),
        this.opts.tokenFacts,
      ) as ApiError;
      // A repeat refused (409 stale version, 404 already deleted) says nothing of the attempt that lost its answer.
      if (lost && refusesRepeat(res.status)) {
        throw new TransientError(
          `${error.message}; an earlier attempt lost its answer and may have been applied: the outcome of the change is unknown`,
          { status: res.status, hint: options.verify ?? 'check before retrying', cause: error },
        );
      }
      // The run was throttled more times in a row than one request may be: the service is shedding all load.
      if (verdict?.spent) {
        throw new TransientError(
          `${error.message}; throttled ${verdict.inARow} times in a row across the run, more than its retry budget (--retries) allows: not retrying`,
          { status: res.status, hint: error.hint, cause: error },
        );
      }
      throw error;
    }
  }

  private async attempt(
    method: string,
    path: string,
    options: SendOptions,
    started: number,
  ): Promise<RawResponse> {
    const timeoutMs = this.opts.timeoutMs ?? 30_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    // Released once the answer is read: the run's signal keeps nothing of each request.
    const { signal, release } = anySignal([
      this.opts.signal,
      options.signal,
      timeout,
      this.scheduler?.signal,
    ]);
    try {
      const dispatcher = (this.dispatcher ??= await defaultDispatcher({ caFile: this.opts.caFile }));
      const res = await dispatcher.request({
        origin: this.origin,
        path,
        method: method as Dispatcher.HttpMethod,
        headers: {
          ...this.headers(options.accept ?? 'application/json'),
          ...(options.contentType ? { 'content-type': options.contentType } : {}),
          ...options.headers,
          // Whatever the extra headers hold, the token is the settings' one.
          ...this.authorization(),
        },
        body: options.body,
        signal,
      });
      const limit = Math.min(options.maxBytes ?? Infinity, this.opts.maxBodyBytes ?? defaultMaxBodyBytes);
      const body = await readCapped(res.body, limit, res.headers['content-length']);
      if (!body) {
        const what = options.maxBytes === undefined ? 'an answer' : 'a JSON answer';
        throw new UnexpectedResponseError(
          `${options.context ?? `${method} ${path.split('?')[0]}`}: the answer is larger than the ${formatBytes(limit)} ${what} may have; not read`,
        );
      }
      return { status: res.statusCode, headers: res.headers, body, durationMs: Date.now() - started };
    } catch (error) {
      if (timeout.aborted && !this.opts.signal?.aborted && !this.scheduler?.signal.aborted) {
        throw new Error(`no answer within ${timeoutMs / 1000} s`, { cause: error });
      }
      throw error;
    } finally {
      release();
    }
  }

  private headers(accept: string): Record<string, string> {
    const headers: Record<string, string> = {
      accept,
      'user-agent': this.opts.userAgent ?? 'secscan',
    };
    return { ...headers, ...this.authorization() };
  }

  private authorization(): { authorization?: string } {
    return this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {};
  }

  /** The error of a run interrupted (Ctrl-C, SIGTERM), with the reason the signal carries. */
  interrupted(): InterruptedError {
    const reason: unknown = this.opts.signal?.reason;
    return reason instanceof InterruptedError ? reason : new InterruptedError();
  }

  /** A sleep of `ms` from now ends by `deadline` (none: any sleep does). */
  private before(deadline: number | undefined, ms: number): boolean {
    return deadline === undefined || (this.opts.clock?.now() ?? Date.now()) + ms <= deadline;
  }

  /** A retry's sleep: ended by the run's interruption, or by its work stopped (the scheduler's signal). */
  private async pause(ms: number): Promise<void> {
    const { signal, release } = anySignal([this.opts.signal, this.scheduler?.signal]);
    try {
      await (this.opts.clock?.sleep ?? sleep)(ms, signal);
    } catch {
      this.throwIfStopped();
      throw this.interrupted();
    } finally {
      release();
    }
  }

  /** When the run's work was stopped (and the run not interrupted): throws what stopped it. */
  private throwIfStopped(): void {
    const stopped = this.scheduler?.signal;
    if (stopped?.aborted && !this.opts.signal?.aborted) throw stopped.reason;
  }

  private log(line: string): void {
    this.opts.debug?.(line);
  }
}
