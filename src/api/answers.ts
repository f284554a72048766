import { apiErrorFromResponse, UnexpectedResponseError } from '../errors.js';
import type { Page, RawResponse } from './client-types.js';
import { checkInPlace } from './in-place.js';
import { checkJsonValues, checkPageRows } from './json-limits.js';
import type { Operation } from '@secscan/api/operation';
import { isEnvelope } from './paging.js';
import type { OperationSchemas } from '@secscan/api/schema';
import { headerValue } from './wire.js';

/** A redirect the operation answers with (302): its Location, checked against the response schema. */
export function redirectTarget(op: Operation, schemas: OperationSchemas, res: RawResponse): unknown {
  const location = headerValue(res.headers.location);
  const checked = schemas.response?.safeParse(location);
  if (checked && !checked.success) {
    throw new UnexpectedResponseError(`${op.id}: the service redirected without a Location`, {
      status: res.status,
    });
  }
  return location;
}

/**
 * A JSON answer: counted before it is parsed (src/api/json-limits.ts), unwrapped from its envelope (an
 * `ok: false` one is the service's error), its page's rows counted against the size asked for in `path`
 * (the request's path and query), and checked.
 */
export function decodeAnswer(
  op: Operation,
  schemas: OperationSchemas,
  res: RawResponse,
  path = '',
): Page<unknown> {
  checkJsonValues(op, res.body);
  const text = res.body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = text.length === 0 ? undefined : JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(`${op.id}: the service answered with a body that is not JSON`, {
      status: res.status,
    });
  }
  let payload: unknown = parsed;
  let nextPage: string | undefined;
  if (op.envelope !== false) {
    if (parsed !== undefined && !isEnvelope(parsed)) {
      throw new UnexpectedResponseError(`${op.id}: the service answered without the {ok, response} envelope`);
    }
    if (parsed !== undefined && parsed.ok === false) {
      throw apiErrorFromResponse(res.status, parsed, op.id, { method: op.method });
    }
    payload = parsed?.response;
    nextPage = typeof parsed?.next_page === 'string' && parsed.next_page ? parsed.next_page : undefined;
  }
  checkPageRows(op, payload, path);
  if (!schemas.response) return { data: payload, nextPage };
  // What zod would return as it is, without zod's copy of every object and list.
  if (checkInPlace(schemas.response, payload)) return { data: payload, nextPage };
  const checked = schemas.response.safeParse(payload);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new UnexpectedResponseError(
      `${op.id}: unexpected response${where}: ${issue?.message ?? 'invalid'}`,
      {
        status: res.status,
      },
    );
  }
  return { data: checked.data, nextPage };
}
