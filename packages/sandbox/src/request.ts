import type { IncomingMessage } from 'node:http';
import type { Operation } from '@secscan/api/operation';
import { checkQuery } from '@secscan/api/query';
import type { OperationSchemas } from '@secscan/api/schema';
import { error, invalid, type Reply } from './http.js';

/** What the server reads of a request before serving it: a body, or the answer that refuses it. */
export type Read<T> = { ok: true; value: T } | { ok: false; reply: Reply };

const maxBodyBytes = 1024 * 1024;
/** A code host's comment may hold a million characters: the stand-ins read up to this much. */
const maxStandInBodyBytes = 8 * 1024 * 1024;

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The whole body as text; one larger than the limit (a stand-in's, or the API's) is answered 413. */
export async function readRequestBody(req: IncomingMessage, standIn: boolean): Promise<Read<string>> {
  const limit = standIn ? maxStandInBodyBytes : maxBodyBytes;
  try {
    return { ok: true, value: await readBody(req, limit) };
  } catch (e) {
    if (!(e instanceof BodyTooLarge)) throw e;
    return { ok: false, reply: error(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${limit} bytes`) };
  }
}

/**
 * Checks the query string against the operation's declared parameters (@secscan/api/query): a value of the
 * wrong type or outside its values or range is the service's validation error. An operation that takes
 * parameters refuses a name it does not declare (a filter the sandbox does not know would otherwise be
 * ignored, and its answer would look right while being wrong); one that takes none ignores them all.
 */
export function checkParameters(schemas: OperationSchemas, query: URLSearchParams): Reply | undefined {
  const problem = schemas.query ? checkQuery(schemas.query, query, { closed: true }) : undefined;
  if (!problem) return undefined;
  const { name, missing, unknown, expected } = problem;
  const what = unknown ? 'unknown' : missing ? 'missing' : 'invalid';
  return invalid(`${what} query parameter ${name}`, [`${name}: ${expected}`]);
}

/** Parses and validates the body against the operation's (strict) schema. */
export function parseBody(op: Operation, schemas: OperationSchemas, raw: string): Read<unknown> {
  if (op.requestMedia && !/json/.test(op.requestMedia)) return { ok: true, value: raw };
  let body: unknown;
  if (raw.trim() !== '') {
    try {
      body = JSON.parse(raw);
    } catch (e) {
      return { ok: false, reply: invalid('malformed JSON body', [`body: ${(e as Error).message}`]) };
    }
  }
  if (!schemas.body) return { ok: true, value: body };
  const parsed = schemas.body.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) =>
    i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
  );
  return { ok: false, reply: invalid('invalid request body', issues) };
}
