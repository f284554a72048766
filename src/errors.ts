import { RulesFileError } from '@secscan/api/rules/error';

/**
 * Every error the CLI reports on purpose, with its exit code: main() turns one into a line and that code. The
 * workspace packages throw errors of their own (a rules file's `RulesFileError`, the sandbox's
 * `SandboxError`); the CLI maps them to these where it calls the packages.
 */
export const ExitCode = {
  ok: 0,
  gateFailed: 1,
  usage: 2,
  config: 3,
  auth: 4,
  notFound: 5,
  rejected: 6,
  transient: 7,
  unexpected: 8,
  busy: 9,
  /** The scan a gate must evaluate is not there yet or has not finished: a rerun may succeed. */
  notReady: 10,
  /** The scan a gate must evaluate failed: the analysis itself failed. */
  scanFailed: 11,
  /** A webhook delivery whose signature holds but whose timestamp is outside the tolerance. */
  stale: 12,
  interrupted: 130,
  terminated: 143,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export interface ErrorDetails {
  hint?: string;
  status?: number;
  code?: string;
  cause?: unknown;
}

export class CliError extends Error {
  readonly exitCode: ExitCodeValue;
  readonly code: string;
  readonly hint: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, exitCode: ExitCodeValue, code: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.code = details.code ?? code;
    this.hint = details.hint;
    this.status = details.status;
  }
}

export class UsageError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.usage, 'USAGE', details);
  }
}

export class ConfigError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.config, 'CONFIG', details);
  }
}

/**
 * A file (or standard input) the user gave is longer than an input may be: refused before it is read whole
 * (exit 3; a command that reports unreadable input as a usage error rethrows it as one).
 */
export class InputTooLargeError extends ConfigError {
  constructor(what: string, limit: number, size?: number) {
    const mib = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`;
    // 4 MiB and 3 bytes is "4 MiB" rounded: then the bytes say it.
    const given = size === undefined ? '' : mib(size) === mib(limit) ? `${size} bytes` : mib(size);
    super(
      `${what} is ${given ? `${given}, more than` : 'longer than'} the ${mib(limit)} an input file may have`,
      { hint: 'split it, or give only what this command needs' },
    );
  }
}

/** Ctrl-C (SIGINT, exit 130) or SIGTERM (exit 143): the run stops, printing no error line. */
export class InterruptedError extends CliError {
  constructor(signal: 'SIGINT' | 'SIGTERM' = 'SIGINT') {
    super(
      signal === 'SIGTERM' ? 'terminated' : 'interrupted',
      signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted,
      signal === 'SIGTERM' ? 'TERMINATED' : 'INTERRUPTED',
    );
  }
}

/**
 * The reader of the output went away before the end: the pager was quit (q). The run stops where it is,
 * quietly, exit 0, as `git log` does when less is quit; nothing more is fetched.
 */
export class OutputClosedError extends CliError {
  constructor() {
    super('the pager was closed', ExitCode.ok, 'OUTPUT_CLOSED');
  }
}

/** Another run holds the lock (exit 9), named in the message. */
export class BusyError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.busy, 'BUSY', details);
  }
}

/** The service answered with a status or body this version cannot read (exit 8). */
export class UnexpectedResponseError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.unexpected, 'UNEXPECTED_RESPONSE', details);
  }
}

/**
 * The scan a gate must evaluate (`--scan`, `--version`, `--tag`) is not there yet or has not finished, and
 * `--wait` (if given) ran out (exit 10): the gate was not evaluated, and a rerun may succeed.
 */
export class NotReadyError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.notReady, 'NOT_READY', details);
  }
}

/** The scan a gate must evaluate failed: the analysis itself failed (exit 11). */
export class ScanFailedError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.scanFailed, 'SCAN_FAILED', details);
  }
}

/** Network failure, timeout, 429 or 5xx once the retry budget is spent (exit 7). */
export class TransientError extends CliError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.transient, 'TRANSIENT', details);
  }
}

export interface ServiceErrorBody {
  ok?: boolean;
  status?: number;
  code?: string;
  message?: string;
  validation_errors?: string[];
}

/** The service asked to be retried later than `--max-retry-wait` allows: exit 7 at once, saying when. */
export class RetryLaterError extends TransientError {
  readonly retryAt: Date;

  constructor(message: string, retryAt: Date, details: ErrorDetails = {}) {
    super(message, details);
    this.retryAt = retryAt;
  }
}

/** An error status from the service, with the service's own code and message. */
export class ApiError extends CliError {
  readonly body: ServiceErrorBody | undefined;
  readonly validationErrors: string[];
  /** The answer's `Retry-After`, when it sent one (a download honours it before trying again). */
  retryAfter: string | undefined;

  constructor(
    message: string,
    exitCode: ExitCodeValue,
    status: number,
    body: ServiceErrorBody | undefined,
    hint?: string,
  ) {
    super(message, exitCode, 'API_ERROR', { status, code: body?.code ?? `HTTP_${status}`, hint });
    this.body = body;
    this.validationErrors = body?.validation_errors ?? [];
  }
}

export class AuthError extends ApiError {}
export class NotFoundError extends ApiError {}
export class RejectedError extends ApiError {}
export class ServerError extends ApiError {}

const statusText: Record<number, string> = {
  400: 'bad request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not found',
  408: 'request timeout',
  409: 'conflict',
  422: 'unprocessable entity',
  429: 'too many requests',
  500: 'internal server error',
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
  507: 'insufficient storage',
};

export function isServiceErrorBody(body: unknown): body is ServiceErrorBody {
  return typeof body === 'object' && body !== null && ('message' in body || 'code' in body);
}

export interface ResponseContext {
  /** The request's method: a failed write (POST, PUT, PATCH, DELETE) may still have been applied. */
  method?: string | undefined;
  /** The hint of a write whose outcome is unknown: how to check whether it was applied. */
  verify?: string | undefined;
  /** The Location of a redirect. */
  location?: string | undefined;
  /** The answer's `Retry-After` header (a 429 or 503): when the service asks to be retried. */
  retryAfter?: string | undefined;
  /** When that is, as the message says it (`2026-09-03T03:00:00Z`). */
  retryAt?: string | undefined;
}

const writeMethods = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * The 409s that name the state of a scan rather than a mistake of the caller: a scan still running is not
 * ready (exit 10, so a pipeline that retries on 10 retries it); one whose analysis failed has nothing to
 * evaluate (exit 11), whichever command asked.
 */
const scanConflicts: ReadonlyMap<string, { exitCode: ExitCodeValue; hint: string }> = new Map([
  [
    'SCAN_NOT_FINISHED',
    {
      exitCode: ExitCode.notReady,
      hint: 'the scan has not finished: wait for it (--wait DURATION), or run again later',
    },
  ],
  [
    'SCAN_FAILED',
    {
      exitCode: ExitCode.scanFailed,
      hint: 'the analysis of that scan failed, so it has no results: run the analysis again, or name another scan',
    },
  ],
]);

/** The one place that maps an HTTP error status and body to a typed error. */
export function apiErrorFromResponse(
  status: number,
  body: unknown,
  context: string,
  request: ResponseContext = {},
): ApiError {
  const parsed = isServiceErrorBody(body) ? body : undefined;
  if (status >= 300 && status < 400) {
    const where = request.location ? ` to ${request.location}` : '';
    return new ApiError(
      `${context}: the service answered with a redirect${where} (HTTP ${status}), which is not followed`,
      ExitCode.unexpected,
      status,
      parsed,
      'check the base URL: the token is never sent to a redirect target',
    );
  }
  const base = parsed?.message?.trim() || statusText[status] || `HTTP ${status}`;
  // A validation error that only repeats the message adds nothing.
  const extra = (parsed?.validation_errors ?? []).filter((e) => e.trim() !== base);
  const details = extra.length ? `${base}: ${extra.join('; ')}` : base;
  const message = `${context}: ${details} (HTTP ${status}${parsed?.code ? ` ${parsed.code}` : ''})`;
  if (status === 401) {
    return new AuthError(
      message,
      ExitCode.auth,
      status,
      parsed,
      'check the token: run `secscan auth status`',
    );
  }
  if (status === 403) {
    return new AuthError(
      message,
      ExitCode.auth,
      status,
      parsed,
      "the token's role lacks a scope this needs: see `secscan scopes list`",
    );
  }
  if (status === 404) return new NotFoundError(message, ExitCode.notFound, status, parsed);
  const scanState = status === 409 ? scanConflicts.get(parsed?.code ?? '') : undefined;
  if (scanState) return new RejectedError(message, scanState.exitCode, status, parsed, scanState.hint);
  if (status === 507 && parsed?.code === 'TOO_MUCH_WORK') {
    return new RejectedError(
      message,
      ExitCode.rejected,
      status,
      parsed,
      'narrow the request (a page, a name filter, or no members)',
    );
  }
  if (status === 408 || status === 429 || status >= 500) {
    const write = request.method !== undefined && writeMethods.has(request.method.toUpperCase());
    const when = request.retryAt ? `; the service asks to be retried at ${request.retryAt}` : '';
    const hint = write
      ? (request.verify ?? 'check before retrying')
      : request.retryAt
        ? `the service is busy: safe to retry after ${request.retryAt}`
        : 'the service may be busy: safe to retry';
    const error = new ServerError(
      `${message}${when}${write ? '; the outcome of the change is unknown' : ''}`,
      ExitCode.transient,
      status,
      parsed,
      hint,
    );
    error.retryAfter = request.retryAfter;
    return error;
  }
  if (status >= 400) return new RejectedError(message, ExitCode.rejected, status, parsed);
  return new ServerError(message, ExitCode.unexpected, status, parsed);
}

/** Decides the process exit code for anything thrown up to main(). */
export function exitCodeFor(error: unknown): ExitCodeValue {
  if (error instanceof CliError) return error.exitCode;
  return ExitCode.unexpected;
}

/** A not-found decided by the CLI itself (e.g. an id missing from a listing). */
export function notFoundError(message: string, hint?: string): NotFoundError {
  return new NotFoundError(message, ExitCode.notFound, 404, undefined, hint);
}

/**
 * No organization id from any setting: a configuration error (exit 3), wherever it is noticed. When the
 * token it would have come from is malformed (`token.problem`, not a JWT), that is what is said: the
 * organization is missing only because the token is not one.
 */
export function missingOrgError(token?: {
  tokenSource: string;
  tokenProblem?: string | undefined;
}): ConfigError {
  if (token?.tokenProblem) {
    return new ConfigError(
      `the token (from ${token.tokenSource}) is malformed: ${token.tokenProblem}, so it names no organization`,
      {
        hint: 'copy the whole access token from the dashboard; with --org (or SECSCAN_ORG_ID) it is sent as it is',
      },
    );
  }
  return new ConfigError(
    'no organization id: pass --org, set SECSCAN_ORG_ID, or log in with a token that names one',
  );
}

/**
 * Reads with a reader of @secscan/api's rules-file format (a rules file, a policy, an ignore file): a problem
 * in the file, its `RulesFileError`, is a configuration error here (exit 3), with the same message and hint.
 */
export function readingRules<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof RulesFileError)) throw error;
    throw new ConfigError(error.message, { hint: error.hint, cause: error });
  }
}
