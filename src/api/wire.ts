/** The client's helpers that hold no state: errors by code, bodies in and out, headers. */
import { ConfigError, TransientError, UnexpectedResponseError, UsageError } from '../errors.js';
import type { Operation } from '@secscan/api/operation';
import type { RawResponse } from './client-types.js';
import type { OperationSchemas } from '@secscan/api/schema';
import { redactJson } from './redact.js';

/** TLS verification failures: the certificate is not trusted, so retrying cannot help (exit 3). */
export const untrustedCertificate = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

/** The string code of a network error (ECONNREFUSED, UND_ERR_SOCKET, SELF_SIGNED_CERT_IN_CHAIN ...). */
export function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } };
  // Only string codes: an abort reason's DOMException code is a number (23).
  return [e.cause?.cause?.code, e.cause?.code, e.code].find((c): c is string => typeof c === 'string');
}

/**
 * The request body as sent: a string as given (a raw file, YAML); anything else checked against the
 * operation's (strict) body schema and serialized. A body the schema refuses is a usage error.
 */
export function encodeBody(op: Operation, schemas: OperationSchemas, body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (schemas.body) {
    const parsed = schemas.body.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw new UsageError(`${op.id}: invalid request: ${where}${issue?.message ?? 'invalid body'}`);
    }
    return JSON.stringify(parsed.data);
  }
  return JSON.stringify(body);
}

/**
 * The text of a non-JSON answer (a policy file, CSV): never an HTML page (a sign-in or error page sent with
 * 200), a JSON body (an envelope where the document was due), or nothing where a document is always there.
 */
export function documentText(op: Operation, res: RawResponse): string {
  const media = op.media ?? '';
  const type = (headerValue(res.headers['content-type']) ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = res.body.toString('utf8');
  const what =
    type.includes('html') && !media.includes('html')
      ? `an HTML page (${type})`
      : type.includes('json')
        ? `JSON (${type})`
        : !text.trim() && !media.includes('csv')
          ? 'an empty body'
          : undefined;
  if (what) {
    throw new UnexpectedResponseError(
      `${op.id}: the service answered with ${what} where ${media} was expected`,
      {
        status: res.status,
      },
    );
  }
  return text;
}

/** A request that changes something: its answer lost, it may have been applied. */
export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/** Network failures that happen before a request is sent: nothing can have been applied. */
export const notSent = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function neverSent(error: unknown): boolean {
  return notSent.has(errorCode(error) ?? '');
}

/** An error status a repeat of an applied change could get: not auth, not busy (those say nothing new). */
export function refusesRepeat(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);
}

export function safeJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a body of at most `limit` bytes; a longer one is not read: the stream is destroyed and `undefined`
 * returned, with nothing kept (neither the chunks read so far nor a buffer of the limit's size). A length
 * the answer announces is checked before reading, and used to read the body into one buffer of that size.
 */
export async function readCapped(
  body: AsyncIterable<Buffer | Uint8Array> & { destroy?(): unknown },
  limit: number,
  announced?: string | string[] | undefined,
): Promise<Buffer | undefined> {
  const declared = headerValue(announced);
  const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
  if (length !== undefined && length > limit) {
    body.destroy?.();
    return undefined;
  }
  let whole = length === undefined ? undefined : Buffer.allocUnsafe(length);
  let chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > limit) {
      chunks = [];
      whole = undefined;
      body.destroy?.();
      return undefined;
    }
    if (whole && size + chunk.length <= whole.length) whole.set(chunk, size);
    else {
      // More than announced (undici refuses that, but a test double may not): fall back to the chunks.
      if (whole) chunks.push(whole.subarray(0, size));
      whole = undefined;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    }
    size += chunk.length;
  }
  if (whole) return size === whole.length ? whole : whole.subarray(0, size);
  const joined = Buffer.concat(chunks, size);
  chunks = [];
  return joined;
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MiB` : `${Math.round(n / 1024)} KiB`;
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function debugBody(body: string | Buffer): string {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const parsed = safeJson(text);
  return (parsed === undefined ? `(${text.length} bytes)` : JSON.stringify(redactJson(parsed))).slice(
    0,
    2000,
  );
}

/** The hint of a service that cannot be reached (a loopback address’s is more precise: unreachable.ts). */
export const networkHint = 'check the base URL, the network and any proxy settings; safe to retry';

/** A request that failed on the network: for a write that may have been applied, says so and how to check. */
export function networkError(
  origin: string,
  context: string,
  method: string,
  error: unknown,
  attempts = 1,
  verify?: string,
  lost = false,
): TransientError {
  const detail = errorCode(error) ?? (error as Error).message;
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  // POST and PATCH are sent once; PUT and DELETE are retried, but any attempt may have been applied.
  if (isWrite(method) && (lost || !neverSent(error))) {
    return new TransientError(
      `${context}: the connection to ${origin} failed before an answer (${detail}${attempts > 1 ? `, ${attempts} attempts` : ''}): the change may or may not have been applied`,
      { cause: error, hint: verify ?? 'check before retrying' },
    );
  }
  return new TransientError(`${context}: cannot reach ${origin}${tries}: ${detail}`, {
    cause: error,
    hint: networkHint,
  });
}

/** A certificate the client does not trust: configuration (exit 3), never retried. */
export function certificateError(origin: string, context: string, error: unknown): ConfigError {
  return new ConfigError(`${context}: the certificate of ${origin} is not trusted (${errorCode(error)})`, {
    cause: error,
    hint: 'if the service uses a private CA, point SECSCAN_CA_FILE (or NODE_EXTRA_CA_CERTS) at its certificate file (PEM)',
  });
}
