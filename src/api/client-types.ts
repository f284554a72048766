/** The shapes of the client's parameters and answers. */
import type { Dispatcher } from 'undici';
import type { QueryValue, PathParamNames } from '@secscan/api/operation';
import type { OperationId } from '@secscan/api/operations';
import type { BodyOf, PathOf, QueryOf } from '@secscan/api/operations/schemas';

/** Parameters of any operation (the untyped form, for tests and `secscan api`). */
export interface CallParams {
  path?: Readonly<Record<string, string | number | undefined>>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  /** For a write (POST, PUT, PATCH, DELETE) whose answer is lost: how the user can check it was applied. */
  verify?: string | undefined;
  /** A list read by pages: the caller needs at most this many (a --limit), so none past it is asked for ahead. */
  pageLimit?: number | undefined;
  /** A wait's deadline, on the client's clock: no retry sleeps past it (the error is thrown instead). */
  deadline?: number | undefined;
}

type RequiredPathNames<K extends OperationId> = Exclude<PathParamNames<PathOf<K>>, 'orgID'>;

/**
 * Parameters of operation K: its path placeholders (but `orgID`, filled from the settings), its declared
 * query parameters (a name it does not declare, or a value of another type, does not compile) and body.
 */
export type ParamsOf<K extends OperationId> = {
  query?: QueryOf<K>;
  body?: BodyOf<K>;
  verify?: string | undefined;
  pageLimit?: number | undefined;
  deadline?: number | undefined;
} & ([RequiredPathNames<K>] extends [never]
  ? { path?: { readonly orgID?: string } }
  : { path: { readonly [N in RequiredPathNames<K>]: string | number } & { readonly orgID?: string } });

/** Operations without path placeholders may be called without parameters. */
export type ParamsArg<K extends OperationId> = [RequiredPathNames<K>] extends [never]
  ? [params?: ParamsOf<K>]
  : [params: ParamsOf<K>];

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  durationMs: number;
}

export interface SendOptions {
  /**
   * For a write (POST, PUT, PATCH, DELETE) whose answer is lost, the hint: how the user can check whether it
   * was applied, e.g. "check with `secscan tokens list` before retrying".
   */
  verify?: string | undefined;
  body?: string | Buffer | undefined;
  contentType?: string | undefined;
  accept?: string | undefined;
  /** Request headers besides the usual ones, by lower-case name (`secscan api -H`); never the token's. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Resolve with error statuses instead of throwing (the `api` command prints them as received). */
  allowErrorStatus?: boolean;
  /** The operation's success status when it is a redirect (302): resolved with, never followed. */
  expectStatus?: number | undefined;
  context?: string;
  /** Cancels this request alone (a page asked for ahead that is not needed); no retry follows. */
  signal?: AbortSignal | undefined;
  /** The longest answer read (a JSON answer's cap); the client's `maxBodyBytes` applies in any case. */
  maxBytes?: number | undefined;
  /**
   * A wait's deadline (`scans wait --wait`), on the client's clock: a retry whose sleep (its backoff or the
   * service's `Retry-After`) would pass it is not made; the answer's error is thrown, for the wait to end on.
   */
  deadline?: number | undefined;
  /** A read sent as POST (the operation's `read`): retried, and its lost answer changed nothing. */
  read?: boolean | undefined;
}

export interface OpenOptions {
  /** Request headers besides the usual ones (`range`, `if-range`). */
  headers?: Readonly<Record<string, string>>;
  /** The Accept header, when not the operation's media type (a PDF report). */
  accept?: string;
  /** Statuses of 300 or more returned rather than thrown (206 and 416 are below and above it). */
  pass?: readonly number[];
}

export interface Page<T> {
  data: T;
  nextPage: string | undefined;
}

export interface ClientOptions {
  /** The service address; the client adds `/api/v4`. */
  baseUrl: string;
  token?: string | undefined;
  orgId?: string | undefined;
  timeoutMs?: number;
  /** Retries after the first attempt, for safe requests. */
  retries?: number;
  /** The longest `Retry-After` waited for (`--max-retry-wait`); a longer one fails at once (exit 7). */
  maxRetryWaitMs?: number;
  dispatcher?: Dispatcher;
  /** SECSCAN_CA_FILE: CAs to trust besides the system's (used when no dispatcher is given). */
  caFile?: string | undefined;
  signal?: AbortSignal;
  debug?: ((line: string) => void) | undefined;
  /**
   * A line for the person running the command (stderr, silenced by -q): a wait of several seconds the
   * service asked for (a Retry-After, a spent rate-limit window), saying when it ends.
   */
  notice?: ((line: string) => void) | undefined;
  /** Told of each page `pages` reads, with its answer (a long listing's progress counts them, and reads its total). */
  onPage?: (data: unknown) => void;
  userAgent?: string;
  random?: () => number;
  /** Where the token and organization came from: a refusal (401, 403) they explain gets a hint that says how. */
  tokenFacts?: import('./auth-hints.js').TokenFacts;
  /** What retries sleep on and read the time from (a wait's deadline is on it): the wall clock by default. */
  clock?: {
    now(): number;
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
  };
  /**
   * The longest answer read into memory (downloads stream and are not capped): default 256 MiB; a JSON answer
   * is capped lower (src/api/json-limits.ts).
   */
  maxBodyBytes?: number;
  /** Pages of a list requested ahead of the one being read, at most (prefetch.ts); 0: one after the other. */
  pageAhead?: number;
}
