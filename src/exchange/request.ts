import { type ApiClient, encodeBody } from '../api/client.js';
import { buildQuery, compilePath, type Operation, type QueryValue } from '@secscan/api/operation';
import { allOperations } from '@secscan/api/operations';
import { schemasOf } from '@secscan/api/operations/schemas';
import { UsageError } from '../errors.js';
import type { Exchange } from './exchange.js';
import type { Fields, Presentation, Target } from './target.js';

const json = 'application/json';

/**
 * `--input`: the body's file (`-` for standard input), and how it is read: a file's bytes as they are (they
 * need not be UTF-8), standard input's as text.
 */
export interface RequestInput {
  input?: string | undefined;
  readInput: (input: string) => Promise<string | Buffer>;
}

/** The request of `secscan api OPERATION_ID`: fields fill the path, then the query or the body. */
export async function operationExchange(
  client: ApiClient,
  target: Extract<Target, { kind: 'operation' }>,
  options: RequestInput,
): Promise<Exchange> {
  const { op, fields } = target;
  let body: string | Buffer | undefined;
  let query: Record<string, QueryValue> | undefined;
  if (options.input !== undefined) {
    // As with `gh api --input`: the file is the body, and the fields go to the query.
    body = await options.readInput(options.input);
    query = queryOf(fields);
  } else if (fields.size && (op.method === 'GET' || op.method === 'DELETE')) {
    const schemas = await schemasOf(op);
    // DeleteTeam carries its version in a body: a DELETE that takes one gets the fields there.
    if (schemas.body) body = encodeBody(op, schemas, bodyOf(fields));
    else query = queryOf(fields);
  } else if (fields.size) {
    body = encodeBody(op, await schemasOf(op), bodyOf(fields));
  }
  return {
    method: op.method,
    path: client.pathFor(op, { path: target.path, query }),
    body,
    contentType: op.requestMedia ?? json,
    accept: op.media ?? json,
    expectStatus: op.successStatus,
    context: op.id,
    ...shownAs(target),
  };
}

/** The request of `secscan api METHOD PATH`; an operation the path matches gives its media types. */
export async function pathExchange(
  client: ApiClient,
  target: Extract<Target, { kind: 'path' }>,
  options: RequestInput,
): Promise<Exchange> {
  const { method, fields } = target;
  let path = requestPath(client, target.path);
  let body: string | Buffer | undefined;
  if (options.input !== undefined) {
    body = await options.readInput(options.input);
  } else if (fields.size && (method === 'GET' || method === 'DELETE')) {
    const extra = buildQuery(queryOf(fields));
    path += path.includes('?') ? `&${extra.slice(1)}` : extra;
  } else if (fields.size) {
    body = JSON.stringify(bodyOf(fields));
  }
  const op = matchOperation(method, path.slice(client.apiPrefix.length).split('?')[0] as string);
  return {
    method,
    path,
    body,
    contentType: op?.requestMedia ?? json,
    accept: op?.media ?? json,
    expectStatus: op?.successStatus,
    ...shownAs(target),
  };
}

/** What the request carries and how its answer is printed, as the target says. */
function shownAs(target: Presentation): Pick<Exchange, 'headers' | 'include' | 'paginate' | 'slurp'> {
  return { headers: target.headers, include: target.include, paginate: target.paginate, slurp: target.slurp };
}

/** The request path under the configured origin; a full URL must name that origin (the token never leaves it). */
function requestPath(client: ApiClient, raw: string): string {
  let path = raw;
  if (/^https?:\/\//.test(raw)) {
    const url = new URL(raw);
    if (url.origin !== client.origin) {
      throw new UsageError(
        `refusing to send the token to ${url.origin}: the configured service is ${client.origin}`,
      );
    }
    path = `${url.pathname}${url.search}`;
  }
  if (path.includes('{orgID}')) {
    if (!client.orgId)
      throw new UsageError('the path names {orgID} but no organization id is set (pass --org)');
    path = path.replaceAll('{orgID}', encodeURIComponent(client.orgId));
  }
  return path.startsWith(`${client.apiPrefix}/`) ? path : `${client.apiPrefix}${path}`;
}

/** The operation of the table a request path belongs to (literal segments win over placeholders). */
function matchOperation(method: string, path: string): Operation | undefined {
  return allOperations
    .filter((op) => op.method === method)
    .map((op) => ({ op, ...compilePath(op.path) }))
    .sort((a, b) => a.names.length - b.names.length)
    .find((route) => route.regex.test(path))?.op;
}

/** Query parameters: a repeated key repeats in the query (`type=vuln&type=oss_vuln`). */
function queryOf(fields: Fields): Record<string, QueryValue> {
  return Object.fromEntries(
    [...fields].map(([key, values]) => [key, values.length === 1 ? values[0] : values.map(String)]),
  );
}

/** A JSON body: typed values; a repeated key becomes an array. */
function bodyOf(fields: Fields): Record<string, unknown> {
  return Object.fromEntries(
    [...fields].map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
  );
}
