import type { Dispatcher } from 'undici';
import { missingOrgError, UnexpectedResponseError } from '../errors.js';
import { buildQuery, fillPath, type Operation } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import { type ResponseOf, schemasOf } from '@secscan/api/operations/schemas';
import { defaultPageAhead, maxPageAhead, pagesAhead } from './prefetch.js';
import { maxJsonBytes } from './json-limits.js';
import type { OperationSchemas } from '@secscan/api/schema';
import { defaultRetries } from './retry.js';
import { saveBody } from './save-body.js';
import type { Scheduler } from './scheduler.js';
import { Transport } from './transport.js';
import { decodeAnswer, redirectTarget } from './answers.js';
import { documentText, encodeBody, isWrite } from './wire.js';
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

export class ApiClient {
  readonly origin: string;
  readonly apiPrefix: string;
  readonly orgId: string | undefined;
  /** Where the token and organization came from, for the hints of a refusal or a missing organization. */
  get tokenFacts(): ClientOptions['tokenFacts'] {
    return this.opts.tokenFacts;
  }
  private readonly opts: ClientOptions;
  private readonly transport: Transport;

  constructor(opts: ClientOptions) {
    const url = new URL(opts.baseUrl);
    this.origin = url.origin;
    this.apiPrefix = `${url.pathname.replace(/\/+$/, '')}/api/v4`;
    this.orgId = opts.orgId;
    this.opts = opts;
    this.transport = new Transport(this.origin, opts);
  }

  /** From now on, every request of this client waits for a start from `scheduler` and reports its answer. */
  useScheduler(scheduler: Scheduler): void {
    this.transport.scheduler = scheduler;
  }

  private pacing: Promise<void> | undefined;

  /**
   * A listing that goes past its first page keeps to the rate the service announces (`RateLimit-Policy`,
   * `X-RateLimit-*`), as a fan-out does: without a scheduler of the command's own, one is installed, which
   * reads those headers from the answers (the first page's too) and spaces the starts by them, with as many
   * requests in flight as pages may be asked for ahead. Without the headers it spaces nothing; a 429 or 503
   * halves the requests in flight and honours Retry-After. Pages fetched ahead at a service's limit were
   * answered 429 (10 of 165 requests, 2,000 apps at 20/s: bench/org-rate.mjs).
   */
  private async paced(): Promise<void> {
    if (this.transport.scheduler) return;
    this.pacing ??= import('./scheduler.js').then(({ Scheduler, runBudget }) => {
      if (this.transport.scheduler) return;
      const scheduler = new Scheduler({
        concurrency: maxPageAhead + 1,
        signal: this.opts.signal,
        log: (line) => this.opts.debug?.(line),
        notice: this.opts.notice,
        maxWaitMs: this.opts.maxRetryWaitMs,
        budget: runBudget(this.opts.retries ?? defaultRetries),
      });
      const last = this.transport.last;
      if (last) scheduler.observe(last.status, last.headers, last.startedAt);
      this.transport.scheduler = scheduler;
    });
    await this.pacing;
  }

  /** The request path of an operation with its parameters filled (`{orgID}` from the settings). */
  pathFor(op: Operation, params: CallParams = {}): string {
    const values = { orgID: this.orgId, ...params.path };
    if (op.path.includes('{orgID}') && !values.orgID) {
      throw missingOrgError(this.tokenFacts);
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
      deadline: params.deadline,
      signal,
      read: op.read,
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
      // The first page goes at once; from the second on, at the service's announced rate (`paced`).
      fetch: async (path, signal) => {
        if (path !== undefined) await this.paced();
        return this.answerOf(op, params, schemas, path, signal);
      },
      // Only a read is asked for ahead: it changes nothing when it is not needed.
      ahead: isWrite(op.method) ? 0 : (this.opts.pageAhead ?? defaultPageAhead),
      pageLimit: params.pageLimit,
    });
    // Each page read is counted (the progress of a long listing on a terminal) as it is handed on.
    for await (const page of pages) {
      this.opts.onPage?.(page);
      yield page;
    }
  }

  /** Streams a response body to `dest`; partial files are removed, never left looking complete. */
  async download<K extends OperationId>(
    id: K,
    params: ParamsOf<K>,
    dest: string,
    onProgress?: (bytes: number) => void,
    check?: (partial: string) => Promise<void>,
  ): Promise<number> {
    return this.downloadOf(operations[id] as Operation, params as CallParams, dest, onProgress, check);
  }

  async downloadOf(
    op: Operation,
    params: CallParams,
    dest: string,
    onProgress?: (bytes: number) => void,
    check?: (partial: string) => Promise<void>,
  ): Promise<number> {
    const res = await this.transport.stream(op, this.pathFor(op, params));
    const interrupted = () => this.transport.interrupted();
    return saveBody(res.body, dest, op.id, this.opts.signal, interrupted, onProgress, check);
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
    return this.transport.stream(op, this.pathFor(op, params as CallParams), options);
  }

  /** A request to the configured origin with retries, timeouts and abort; the token never leaves it. */
  send(method: string, path: string, options: SendOptions = {}): Promise<RawResponse> {
    return this.transport.send(method, path, options);
  }
}
