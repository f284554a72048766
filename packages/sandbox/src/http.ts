import type { Operation, PathParamNames } from '@secscan/api/operation';
import type { OperationId } from '@secscan/api/operations';
import type { ParsedBodyOf, PathOf, QueryNamesOf, ResponseInputOf } from '@secscan/api/operations/schemas';
import type { BackupFault } from './backups/faults.js';
import type { Caller } from './permissions.js';
import type { SandboxState } from './state.js';

declare const responseType: unique symbol;
/** A method's parameter: either way assignable, so a reply of one payload type passes where another is due. */
type Carries<T> = { carry(response: T): void }['carry'];

/**
 * What a handler answers; the server writes it. `T` is the payload `ok()` was typed with, for the compiler
 * only: a `Reply` of any `T` goes where a `Reply` of another is due (the check is at `ok()`'s argument).
 */
export interface Reply<T = unknown> {
  status: number;
  /** JSON-serialized unless `media` says otherwise (then a string or a Buffer). */
  body?: unknown;
  media?: string;
  /** More response headers (a redirect's Location, a range's Content-Range, ETag, Accept-Ranges). */
  headers?: Readonly<Record<string, string | number>>;
  /** A body too large to hold, sent as it is produced: `length` bytes announced, then the chunks. */
  stream?: { length: number; chunks(): Iterable<Buffer> | AsyncIterable<Buffer> };
  /** Never set: carries `T`, so `ok()` returned by a handler of operation K takes K's payload. */
  readonly [responseType]?: Carries<T>;
}

/**
 * The query string of an operation: only the parameters it declares can be read (a misspelt name, or one
 * of another operation, does not compile). The server has checked each value against its declaration.
 */
export interface OperationQuery<N extends string> extends Omit<URLSearchParams, 'get' | 'getAll' | 'has'> {
  get(name: N): string | null;
  getAll(name: N): string[];
  has(name: N, value?: string): boolean;
}

/** How this sandbox was started, for the handlers that behave differently by option. */
export interface SandboxSettings {
  /** The audit log feature: off, as on the service, until the vendor enables it (`--audit-log`). */
  auditLog: boolean;
  /** Completed backups are padded to exactly this many bytes (`--backup-size`). */
  backupSize?: number | undefined;
  /** Backup downloads drop the connection when they reach these shares of the file (`--cut-downloads`). */
  cutDownloads: readonly number[];
  /** Backup downloads answer their Range requests in these wrong ways (`--backup-faults`). */
  backupFaults: readonly BackupFault[];
  /** How long a fix AutoFix was asked for stays pending (`--autofix-delay`), in milliseconds. */
  autofixDelayMs: number;
}

/** "After a short while": a fix asked for is ready this long after (`--autofix-delay 0` for tests). */
export const defaultAutofixDelayMs = 3000;

export const defaultSettings: SandboxSettings = {
  auditLog: false,
  cutDownloads: [],
  backupFaults: [],
  autofixDelayMs: defaultAutofixDelayMs,
};

/**
 * What the query helpers read (`bool`, `oneOf`, a range): given a handler's query, they take only its
 * operation's names; given any other URLSearchParams, any name.
 */
export type QueryReader<N extends string> = Pick<OperationQuery<N>, 'get' | 'getAll' | 'has'>;

/** Everything a handler of operation K may use. Later areas need nothing more than this to add their routes. */
export interface HandlerContext<K extends OperationId = OperationId> {
  op: Operation;
  /** Path parameters, decoded segment by segment. */
  params: Readonly<Record<PathParamNames<PathOf<K>>, string>>;
  query: OperationQuery<QueryNamesOf<K>>;
  /** Request headers, names in lower case (`range`, `if-range`). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The request body, validated against the operation's body schema when it has one. */
  body: ParsedBodyOf<K>;
  caller: Caller;
  state: SandboxState;
  /** The scheme and host the client used (proxy headers honoured): where links such as `next_page` point. */
  baseUrl: string;
  /** Marks the state as changed: it is written to the state file once the request succeeds. */
  save(): void;
  settings: Readonly<SandboxSettings>;
}

/** A handler of operation K: `return ok(payload)` takes K's response (z.input of its schema). */
export type Handler<K extends OperationId = OperationId> = (
  ctx: HandlerContext<K>,
) => Reply<ResponseInputOf<K>> | Promise<Reply<ResponseInputOf<K>>>;

/** One area's handlers by operationId, each typed by its operation's path and body. */
export type HandlerMap = { readonly [K in OperationId]?: Handler<K> };

/**
 * The success envelope `{ok: true, response?, next_page?}`; no payload gives `{ok: true}`. Returned by a
 * handler, `response` is typed by the handler's operation (its response schema's input: a wrong key or type
 * does not compile); elsewhere (a helper declared to return `Reply`) it takes anything.
 */
export function ok<T = unknown>(
  response?: NoInfer<T>,
  options: { nextPage?: string; status?: number } = {},
): Reply<T> {
  const body: Record<string, unknown> = { ok: true };
  if (response !== undefined) body.response = response;
  if (options.nextPage) body.next_page = options.nextPage;
  return { status: options.status ?? 200, body };
}

/**
 * Keys the service sends that the operation's schema does not declare (no command reads them; the loose
 * schemas pass them through), spread into a payload: they are sent, and left out of `ok()`'s check.
 */
export function unread(keys: Readonly<Record<string, unknown>>): object {
  return keys;
}

/** A bare JSON body, for the operations the service answers without the envelope. */
export function bare(body: unknown, status = 200): Reply {
  return { status, body };
}

export function text(body: string | Buffer, media: string, status = 200): Reply {
  return { status, body, media };
}

/** A redirect (the authorization starts answer 302) with an empty body. */
export function redirect(location: string, status = 302): Reply {
  return { status, headers: { location } };
}

/** The service's error body `{ok: false, code, message, validation_errors}`. */
export function error(status: number, code: string, message: string, validationErrors: string[] = []): Reply {
  return { status, body: { ok: false, code, message, validation_errors: validationErrors } };
}

/** The RBAC role update/delete 404 and create 409 use `{status, code, message}` without `ok`. */
export function statusError(status: number, code: string, message: string): Reply {
  return { status, body: { status, code, message } };
}

export const notFound = (message: string): Reply => error(404, 'NOT_FOUND', message);
export const forbidden = (message: string): Reply => error(403, 'FORBIDDEN', message);
export const invalid = (message: string, validationErrors: string[] = [message]): Reply =>
  error(400, 'VALIDATION_ERROR', message, validationErrors);

/** Thrown by helpers deep in a handler (pagination, lookups) to answer at once. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`sandbox reply ${reply.status}`);
  }
}
