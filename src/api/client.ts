import type { Dispatcher } from 'undici';
import { defaultDispatcher } from './dispatcher.js';
import {
  apiErrorFromResponse,
  ConfigError,
  InterruptedError,
  missingOrgError,
  TransientError,
  UnexpectedResponseError,
} from '../errors.js';
import { buildQuery, fillPath, type Operation } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import { type ResponseOf, schemasOf } from '@secscan/api/operations/schemas';
import { defaultPageAhead, pagesAhead } from './prefetch.js';
import { jsonValueCount, maxJsonBytes, maxJsonValues } from './json-limits.js';
import type { OperationSchemas } from '@secscan/api/schema';
import { redactJson, redactUrl } from './redact.js';
import { saveBody } from './save-body.js';
import {
  defaultMaxRetryWaitMs,
  maxThrottledRetries,
  retryAfterOf,
  retryDelay,
  retryLaterError,
  retryWait,
  shouldRetry,
  sleep,
} from './retry.js';
import type { Scheduler } from './scheduler.js';
import { decodeAnswer, redirectTarget } from './answers.js';
import {
  certificateError,
  debugBody,
  documentText,
  encodeBody,
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
import type {
  CallParams,
  ParamsOf,
  ParamsArg,
  RawResponse,
  SendOptions,
  OpenOptions,
  Page,
  ClientOptions,
} from './client-types.js';

export type * from './client-types.js';
export { encodeBody } from './wire.js';

const defaultMaxBodyBytes = 256 * 1024 * 1024;

export class ApiClient {
  readonly origin: string;
  readonly apiPrefix: string;
  readonly orgId: string | undefined;
  private readonly opts: ClientOptions;
  private dispatcher: Dispatcher | undefined;
  /** A fan-out command's scheduler: every request from then on asks it for a start. */
  private scheduler: Scheduler | undefined;

  constructor(opts: ClientOptions) {
    const url = new URL(opts.baseUrl);
    this.origin = url.origin;
    this.apiPrefix = `${url.pathname.replace(/\/+$/, '')}/api/v4`;
    this.orgId = opts.orgId;
    this.opts = opts;
    this.dispatcher = opts.dispatcher;
  }

  /** From now on, every request of this client waits for a start from `scheduler` and reports its answer. */
  useScheduler(scheduler: Scheduler): void {
    this.scheduler = scheduler;
  }

  /** The request path of an operation with its parameters filled (`{orgID}` from the settings). */
  pathFor(op: Operation, params: CallParams = {}): string {
    const values = { orgID: this.orgId, ...params.path };
    if (op.path.includes('{orgID}') && !values.orgID) {
      throw missingOrgError();
    }
    return `${this.apiPrefix}${fillPath(op.path, values)}${buildQuery(params.query)}`;
  }

  /** Calls an operation by its id and returns its payload (unwrapped from the envelope, checked by its schema). */
  async call<K extends OperationId>(id: K, ...[params]: ParamsArg<K>): Promise<ResponseOf<K>> {
    return (await this.page(id, params as ParamsOf<K>)).data;
  }

  /** One page: the payload and the next page's path, if any. */
  async page<K extends OperationId>(
    id: K,
    params: ParamsOf<K> | undefined,
    pathOverride?: string,
  ): Promise<Page<ResponseOf<K>>> {
    const op = operations[id] as Operation;
    const schemas = await schemasOf(op);
    return (await this.pageOf(op, (params ?? {}) as CallParams, schemas, pathOverride)) as Page<
      ResponseOf<K>
    >;
  }

  /** Every page, following `next_page` until it is absent. */
  async *pages<K extends OperationId>(id: K, ...[params]: ParamsArg<K>): AsyncGenerator<ResponseOf<K>> {
    const op = operations[id] as Operation;
    const schemas = await schemasOf(op);
    yield* this.pagesOf(op, (params ?? {}) as CallParams, schemas) as AsyncGenerator<ResponseOf<K>>;
  }

  /**
   * Every page's payload, for a command that reads the whole list (a name looked up, a duplicate checked): a
   * `next_page` is followed with the checks of `pages`, never ignored, so page 2 is never taken as absent.
   */
  async allPages<K extends OperationId>(id: K, ...[params]: ParamsArg<K>): Promise<ResponseOf<K>[]> {
    const all: ResponseOf<K>[] = [];
    for await (const page of this.pages(id, ...([params] as ParamsArg<K>))) all.push(page);
    return all;
  }

  /** Any operation row, with the schemas given (the typed forms above resolve them from the table). */
  async callOf(op: Operation, params: CallParams = {}, schemas: OperationSchemas = {}): Promise<unknown> {
    return (await this.pageOf(op, params, schemas)).data;
  }

  /** One page of any operation row, with the schemas given. */
  async pageOf(
    op: Operation,
    params: CallParams = {},
    schemas: OperationSchemas = {},
    pathOverride?: string,
  ): Promise<Page<unknown>> {
    return (await this.answerOf(op, params, schemas, pathOverride))();
  }

  /**
   * The answer of one request, read whole, and how to decode it: a page fetched ahead is kept as its bytes
   * (a few hundred KiB) and decoded only when it is read, not as objects ten times that size.
   */
  private async answerOf(
    op: Operation,
    params: CallParams,
    schemas: OperationSchemas,
    pathOverride?: string,
    signal?: AbortSignal,
  ): Promise<() => Page<unknown>> {
    const body = encodeBody(op, schemas, params.body);
    const path = pathOverride ?? this.pathFor(op, params);
    const res = await this.send(op.method, path, {
      body,
      contentType: body === undefined ? undefined : (op.requestMedia ?? 'application/json'),
      accept: op.media ?? 'application/json',
      context: op.id,
      expectStatus: op.successStatus,
      verify: params.verify,
      signal,
      maxBytes: op.media && !op.media.includes('json') ? undefined : maxJsonBytes,
    });
    return () => this.decode(op, params, schemas, res, path);
  }

  private decode(
    op: Operation,
    params: CallParams,
    schemas: OperationSchemas,
    res: RawResponse,
    path: string,
  ): Page<unknown> {
    if (res.status >= 300) return { data: redirectTarget(op, schemas, res), nextPage: undefined };
    if (op.media && !op.media.includes('json')) return { data: documentText(op, res), nextPage: undefined };
    try {
      return decodeAnswer(op, schemas, res, path);
    } catch (error) {
      // The service said yes (a 2xx) to a change but in words this version cannot read: it was made.
      if (error instanceof UnexpectedResponseError && isWrite(op.method) && !error.hint) {
        throw new UnexpectedResponseError(error.message, {
          status: error.status,
          hint: `the service answered HTTP ${res.status}, so the change was most likely made${params.verify ? `: ${params.verify}` : ''}`,
        });
      }
      throw error;
    }
  }

  /** Every page of a list, in order; the next pages' requests overlap the reading of this one (prefetch.ts). */
  async *pagesOf(
    op: Operation,
    params: CallParams = {},
    schemas: OperationSchemas = {},
  ): AsyncGenerator<unknown> {
    const pages = pagesAhead({
      context: op.id,
      apiPrefix: this.apiPrefix,
      firstPath: () => this.pathFor(op, params),
      fetch: (path, signal) => this.answerOf(op, params, schemas, path, signal),
      // Only a read is asked for ahead: it changes nothing when it is not needed.
      ahead: isWrite(op.method) ? 0 : (this.opts.pageAhead ?? defaultPageAhead),
      pageLimit: params.pageLimit,
    });
    // Each page read is counted (the progress of a long listing on a terminal) as it is handed on.
    for await (const page of pages) {
      this.opts.onPage?.();
      yield page;
    }
  }

  /** Streams a response body to `dest`; partial files are removed, never left looking complete. */
  async download<K extends OperationId>(
    id: K,
    params: ParamsOf<K>,
    dest: string,
    onProgress?: (bytes: number) => void,
  ): Promise<number> {
    return this.downloadOf(operations[id] as Operation, params as CallParams, dest, onProgress);
  }

  async downloadOf(
    op: Operation,
    params: CallParams,
    dest: string,
    onProgress?: (bytes: number) => void,
  ): Promise<number> {
    const res = await this.stream(op, this.pathFor(op, params));
    return saveBody(res.body, dest, op.id, this.opts.signal, () => this.interrupted(), onProgress);
  }

  /**
   * One streaming request and no retries (the caller decides, e.g. to resume with a Range): the caller reads
   * or destroys the body. A status of 300 or more is thrown as the service's error unless listed in `pass`.
   */
  async open<K extends OperationId>(
    id: K,
    params: ParamsOf<K>,
    options: OpenOptions = {},
  ): Promise<Dispatcher.ResponseData> {
    const op = operations[id] as Operation;
    return this.stream(op, this.pathFor(op, params as CallParams), options);
  }

  private async stream(
    op: Operation,
    path: string,
    options: OpenOptions = {},
  ): Promise<Dispatcher.ResponseData> {
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
      throw networkError(this.origin, op.id, op.method, error);
    }
    this.log(`< ${res.statusCode} (${Date.now() - started} ms)`);
    if (res.statusCode >= 300 && !options.pass?.includes(res.statusCode)) {
      const text = (await readCapped(res.body, 1024 * 1024))?.toString('utf8') ?? '';
      throw apiErrorFromResponse(res.statusCode, safeJson(text), op.id, {
        method: op.method,
        location: headerValue(res.headers.location),
        ...retryAfterOf(res.headers),
      });
    }
    return res;
  }

  /** A request to the configured origin with retries, timeouts and abort; the token never leaves it. */
  async send(method: string, path: string, options: SendOptions = {}): Promise<RawResponse> {
    const retries = this.opts.retries ?? 2;
    const maxAttempts = retries + 1;
    const context = options.context ?? `${method} ${path.split('?')[0]}`;
    // A write (PUT, DELETE: retried) whose earlier attempt got no answer may already have been applied.
    let lost = false;
    // Throttled answers under a scheduler wait for it and do not spend the retry budget (up to a cap).
    let throttled = 0;
    for (let attempt = 1; ; attempt++) {
      const budget = maxAttempts + throttled;
      const release = await this.scheduler?.acquire().catch(() => Promise.reject(this.interrupted()));
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
        // A response over the size limit, or a CA file that cannot be read: no retry helps.
        if (error instanceof UnexpectedResponseError || error instanceof ConfigError) throw error;
        if (untrustedCertificate.has(errorCode(error) ?? ''))
          throw certificateError(this.origin, context, error);
        if (shouldRetry(method, 'network', attempt, budget)) {
          lost ||= isWrite(method) && !neverSent(error);
          const delay = retryDelay(attempt, this.opts.random);
          this.log(`! ${(error as Error).message}; retrying in ${delay} ms`);
          await this.pause(delay);
          continue;
        }
        throw networkError(this.origin, context, method, error, attempt, options.verify, lost);
      }
      this.log(`< ${res.status} (${res.durationMs} ms, ${res.body.length} bytes)`);
      if (this.scheduler?.observe(res.status, res.headers).throttled && throttled < maxThrottledRetries) {
        if (shouldRetry(method, res.status, 1, 2)) {
          throttled++;
          lost ||= isWrite(method);
          continue;
        }
      }
      if (
        res.status < 300 ||
        res.status === options.expectStatus ||
        (options.allowErrorStatus && !shouldRetry(method, res.status, attempt, budget))
      ) {
        return res;
      }
      // An error's body is read for its message: one of too many values to parse safely is not.
      const parsedBody =
        jsonValueCount(res.body) <= maxJsonValues ? safeJson(res.body.toString('utf8')) : undefined;
      if (this.opts.debug) this.log(`< body ${JSON.stringify(redactJson(parsedBody)).slice(0, 2000)}`);
      if (shouldRetry(method, res.status, attempt, budget)) {
        lost ||= isWrite(method);
        const maxWaitMs = this.opts.maxRetryWaitMs ?? defaultMaxRetryWaitMs;
        const wait = retryWait(attempt, headerValue(res.headers['retry-after']), {
          random: this.opts.random,
          maxWaitMs,
        });
        if (wait.later) {
          const verify = lost ? (options.verify ?? 'check before retrying') : undefined;
          throw retryLaterError(context, res.status, wait.later, maxWaitMs, verify);
        }
        this.log(`! HTTP ${res.status}; retrying in ${wait.delayMs} ms`);
        await this.pause(wait.delayMs);
        continue;
      }
      const error = apiErrorFromResponse(res.status, parsedBody, context, {
        method,
        verify: options.verify,
        location: headerValue(res.headers.location),
        ...retryAfterOf(res.headers),
      });
      // A repeat refused (409 stale version, 404 already deleted) says nothing of the attempt that lost its answer.
      if (lost && refusesRepeat(res.status)) {
        throw new TransientError(
          `${error.message}; an earlier attempt lost its answer and may have been applied: the outcome of the change is unknown`,
          { status: res.status, hint: options.verify ?? 'check before retrying', cause: error },
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
    const signals = [this.opts.signal, options.signal].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length ? AbortSignal.any([...signals, timeout]) : timeout;
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
      if (timeout.aborted && !this.opts.signal?.aborted) {
        throw new Error(`no answer within ${timeoutMs / 1000} s`, { cause: error });
      }
      throw error;
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

  /** A redirecting operation (AuthorizeSlack, AzureAuthorization) yields where it points, not a body. */
  private interrupted(): InterruptedError {
    const reason: unknown = this.opts.signal?.reason;
    return reason instanceof InterruptedError ? reason : new InterruptedError();
  }

  private async pause(ms: number): Promise<void> {
    try {
      await sleep(ms, this.opts.signal);
    } catch {
      throw this.interrupted();
    }
  }

  private log(line: string): void {
    this.opts.debug?.(line);
  }
}
