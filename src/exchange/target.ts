import { editDistance } from '../util/near.js';
import { type HttpMethod, type Operation, pathParams } from '@secscan/api/operation';
import { allOperations, isOperationId, operations } from '@secscan/api/operations';
import { UsageError } from '../errors.js';
import { collectFields, type FieldValue } from './fields.js';
import { parseHeaders } from './headers.js';

export const methods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export type Fields = Map<string, FieldValue[]>;

/** How the answer is printed: with its status line and headers (-i), each page or all pages in one array. */
export interface Presentation {
  /** Request headers of -H, by lower-case name. */
  headers: Record<string, string>;
  include: boolean;
  paginate: boolean;
  slurp: boolean;
}

/** What `secscan api` was asked for: the operation listing, a path, or an operation by its id. */
export type Target =
  | { kind: 'list' }
  | ({ kind: 'path'; method: HttpMethod; path: string; fields: Fields } & Presentation)
  | ({ kind: 'operation'; op: Operation; path: Record<string, string>; fields: Fields } & Presentation);

export interface TargetInput {
  operation: string | undefined;
  path: string | undefined;
  field: string[] | undefined;
  input: string | undefined;
  paginate: boolean | undefined;
  slurp: boolean | undefined;
  include: boolean | undefined;
  header: string[] | undefined;
  method: string | undefined;
  list: boolean | undefined;
}

const listHint = 'see `secscan api --list`';

/** Resolves and checks the arguments before anything is read or sent (every failure is a usage error). */
export function resolveTarget(input: TargetInput): Target {
  if (input.list) {
    if (input.operation !== undefined) throw new UsageError('--list takes no operation or path');
    return { kind: 'list' };
  }
  const first = input.operation;
  if (first === undefined) {
    throw new UsageError('missing an operation id, or METHOD PATH', { hint: listHint });
  }
  const flagMethod = methodFlag(input.method);
  if (isPath(first)) {
    if (input.path !== undefined) {
      throw new UsageError(`one path only: ${JSON.stringify(input.path)} follows the path ${first}`);
    }
    // As `gh api`: GET, or POST when there is a body to send.
    const body = input.input !== undefined || (input.field?.length ?? 0) > 0;
    return pathTarget(flagMethod ?? (body ? 'POST' : 'GET'), { ...input, path: first });
  }
  const method = first.toUpperCase() as HttpMethod;
  if (methods.includes(method)) {
    if (flagMethod !== undefined && flagMethod !== method) {
      throw new UsageError(`-X ${flagMethod} and ${method} name two methods: give one`);
    }
    return pathTarget(method, input);
  }
  if (input.path !== undefined) {
    if (isOperationId(first)) {
      const op = operations[first];
      const fill = placeholderFlags(op);
      throw new UsageError(
        `${first} takes no PATH: its path is ${op.path}${fill ? `; fill it with ${fill}` : ''}`,
      );
    }
    throw new UsageError(`invalid method ${JSON.stringify(first)} (choose from ${methods.join(', ')})`);
  }
  if (!isOperationId(first)) throw unknownOperation(first);
  const op = operations[first];
  if (flagMethod !== undefined && flagMethod !== op.method) {
    throw new UsageError(`${op.id} is ${op.method} ${op.path}: -X ${flagMethod} cannot change its method`);
  }
  return operationTarget(op, input);
}

const isPath = (value: string) => value.startsWith('/') || /^https?:\/\//.test(value);

function methodFlag(value: string | undefined): HttpMethod | undefined {
  if (value === undefined) return undefined;
  const method = value.toUpperCase() as HttpMethod;
  if (!methods.includes(method)) {
    throw new UsageError(
      `invalid value for -X, --method: ${JSON.stringify(value)} (choose from ${methods.join(', ')})`,
    );
  }
  return method;
}

/** -H, -i, --paginate and --slurp, checked against the method. */
function presentation(method: HttpMethod, input: TargetInput): Presentation {
  if (input.paginate && method !== 'GET') throw new UsageError('--paginate works only with GET');
  if (input.slurp && !input.paginate) throw new UsageError('--slurp needs --paginate (it gathers the pages)');
  if (input.slurp && input.include) {
    throw new UsageError('-i, --include and --slurp cannot be used together (one array has no headers)');
  }
  return {
    headers: parseHeaders(input.header),
    include: Boolean(input.include),
    paginate: Boolean(input.paginate),
    slurp: Boolean(input.slurp),
  };
}

function pathTarget(method: HttpMethod, input: TargetInput): Target {
  const path = input.path;
  if (path === undefined) throw new UsageError("missing required argument 'path'");
  if (!isPath(path)) {
    throw new UsageError(`invalid path ${JSON.stringify(path)}: start it with / (e.g. /orgs/{orgID}/apps)`);
  }
  if (input.input !== undefined && input.field?.length)
    throw new UsageError('--input and -F, --field cannot be used together');
  return { kind: 'path', method, path, fields: collectFields(input.field), ...presentation(method, input) };
}

/** Fields named like a placeholder of the operation's path fill it; `{orgID}` defaults to the settings. */
function operationTarget(op: Operation, input: TargetInput): Target {
  const shown = presentation(op.method, input);
  const fields = collectFields(input.field);
  const path: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of pathParams(op.path)) {
    const values = fields.get(name);
    fields.delete(name);
    if (!values) {
      if (name !== 'orgID') missing.push(name);
      continue;
    }
    if (values.length > 1) throw new UsageError(`-F ${name} is given more than once`);
    const value = values[0] === null ? '' : String(values[0]);
    if (value === '') throw new UsageError(`-F ${name} must not be empty`);
    path[name] = value;
  }
  if (missing.length) {
    const flags = missing.map((name) => `-F ${name}=VALUE`).join(' ');
    const what = missing.length === 1 ? 'path parameter' : 'path parameters';
    throw new UsageError(`${op.id} needs the ${what} ${missing.join(', ')}: pass ${flags}`, {
      hint: `${op.method} ${op.path}`,
    });
  }
  return { kind: 'operation', op, path, fields, ...shown };
}

function placeholderFlags(op: Operation): string {
  return pathParams(op.path)
    .filter((name) => name !== 'orgID')
    .map((name) => `-F ${name}=VALUE`)
    .join(' ');
}

function unknownOperation(id: string): UsageError {
  const near = nearestOperations(id);
  const mean =
    near.length === 0
      ? ''
      : near.length === 1
        ? ` (did you mean ${near[0]}?)`
        : ` (did you mean one of ${near.join(', ')}?)`;
  return new UsageError(`unknown operation ${JSON.stringify(id)}${mean}`, {
    hint: `${listHint}, or give METHOD PATH`,
  });
}

/** Operation ids close to a mistyped one: by edit distance, ignoring case, or containing it. */
export function nearestOperations(id: string, limit = 4): string[] {
  const wanted = id.toLowerCase();
  const threshold = Math.max(2, Math.floor(wanted.length / 4));
  return allOperations
    .map((op) => {
      const name = op.id.toLowerCase();
      const distance = editDistance(wanted, name);
      const contains = wanted.length >= 4 && name.includes(wanted);
      return { id: op.id, score: distance <= threshold ? distance : contains ? threshold + 1 : Infinity };
    })
    .filter((c) => c.score !== Infinity)
    .sort((a, b) => a.score - b.score || a.id.length - b.id.length || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map((c) => c.id);
}
