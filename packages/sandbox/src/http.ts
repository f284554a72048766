import type { Operation, PathParamNames } from '@secscan/api/operation';
import type { OperationId } from '@secscan/api/operations';
import type { ParsedBodyOf, PathOf } from '@secscan/api/operations/schemas';
import type { BackupFault } from './backups/faults.js';
import type { Caller } from './permissions.js';
import type { SandboxState } from './state.js';

/** What a handler answers; the server writes it. */
export interface Reply {
  status: number;
  /** JSON-serialized unless `media` says otherwise (then a string or a Buffer). */
  body?: unknown;
  media?: string;
  /** More response headers (a redirect's Location, a range's Content-Range, ETag, Accept-Ranges). */
  headers?: Readonly<Record<string, string | number>>;
  /** A body too large to hold, sent as it is produced: `length` bytes announced, then the chunks. */
  stream?: { length: number; chunks(): Iterable<Buffer> | AsyncIterable<Buffer> };
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

/** Everything a handler of operation K may use. Later areas need nothing more than this to add their routes. */
export interface HandlerContext<K extends OperationId = OperationId> {
  op: Operation;
  /** Path parameters, decoded segment by segment. */
  params: Readonly<Record<PathParamNames<PathOf<K>>, string>>;
  query: URLSearchParams;
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

export type Handler<K extends OperationId = OperationId> = (ctx: HandlerContext<K>) => Reply | Promise<Reply>;

/** One area's handlers by operationId, each typed by its operation's path and body. */
export type HandlerMap = { readonly [K in OperationId]?: Handler<K> };

/** The success envelope `{ok: true, response?, next_page?}`; no payload gives `{ok: true}`. */
export function ok(response?: unknown, options: { nextPage?: string; status?: number } = {}): Reply {
  const body: Record<string, unknown> = { ok: true };
  if (response !== undefined) body.response = response;
  if (options.nextPage) body.next_page = options.nextPage;
  return { status: options.status ?? 200, body };
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
