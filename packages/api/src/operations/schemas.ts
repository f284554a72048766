import type { z } from 'zod';
import type { OperationSchemas } from '../schema.js';
import type { Operation } from '../operation.js';
import type { NoQuery, QueryDecl, QueryInput } from '../query.js';
import type { Area, OperationId, Operations } from './index.js';

/** Each area's schemas, loaded on first use: a command pays only for the zod schemas of what it calls. */
const loaders = {
  alerting: () => import('./alerting.schemas.js'),
  analyze: () => import('./analyze.schemas.js'),
  'app-groups': () => import('./app-groups.schemas.js'),
  apps: () => import('./apps.schemas.js'),
  audit: () => import('./audit.schemas.js'),
  autofix: () => import('./autofix.schemas.js'),
  azureboard: () => import('./azureboard.schemas.js'),
  backups: () => import('./backups.schemas.js'),
  checkanalysis: () => import('./checkanalysis.schemas.js'),
  comments: () => import('./comments.schemas.js'),
  compounds: () => import('./compounds.schemas.js'),
  'current-user': () => import('./current-user.schemas.js'),
  findings: () => import('./findings.schemas.js'),
  'org-config': () => import('./org-config.schemas.js'),
  private: () => import('./private.schemas.js'),
  rbac: () => import('./rbac.schemas.js'),
  reports: () => import('./reports.schemas.js'),
  saml: () => import('./saml.schemas.js'),
  'saved-searches': () => import('./saved-searches.schemas.js'),
  sca: () => import('./sca.schemas.js'),
  scans: () => import('./scans.schemas.js'),
  scopes: () => import('./scopes.schemas.js'),
  slack: () => import('./slack.schemas.js'),
  'team-config': () => import('./team-config.schemas.js'),
  tokens: () => import('./tokens.schemas.js'),
  versions: () => import('./versions.schemas.js'),
  wiz: () => import('./wiz.schemas.js'),
} satisfies Record<Area, () => Promise<{ default: Record<string, OperationSchemas> }>>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** Every operation's schemas, by operationId (types only). */
export type SchemaTable = UnionToIntersection<
  { [A in keyof typeof loaders]: Awaited<ReturnType<(typeof loaders)[A]>>['default'] }[keyof typeof loaders]
>;

type SchemaOf<K extends OperationId, S extends keyof OperationSchemas> = K extends keyof SchemaTable
  ? SchemaTable[K] extends { readonly [P in S]: infer T extends z.ZodType }
    ? T
    : undefined
  : undefined;

/** What the client returns for an operation: the parsed payload, or `unknown` where no schema reads it. */
export type ResponseOf<K extends OperationId> =
  SchemaOf<K, 'response'> extends z.ZodType ? z.output<SchemaOf<K, 'response'>> : unknown;
/**
 * A loose object's type without its `[key: string]: unknown` (the keys nobody reads, passed through): the keys
 * its schema declares, all the way down. A record of values (`Record<string, number>`) keeps its index.
 */
export type Declared<T> = T extends readonly (infer E)[]
  ? Declared<E>[]
  : T extends object
    ? { [P in keyof T as string extends P ? (unknown extends T[P] ? never : P) : P]: Declared<T[P]> }
    : T;
/** What a schema takes, its declared keys only: the payload a sandbox handler builds for it. */
export type PayloadOf<S extends z.ZodType> = Declared<z.input<S>>;
/**
 * What a handler may answer for an operation (the sandbox's `ok()`): the response schema's input with the
 * declared keys only (a misspelt key is an excess property), `unknown` where no schema reads it.
 */
export type ResponseInputOf<K extends OperationId> =
  SchemaOf<K, 'response'> extends z.ZodType ? PayloadOf<SchemaOf<K, 'response'>> : unknown;
/** What a caller may send as the body. */
export type BodyOf<K extends OperationId> =
  SchemaOf<K, 'body'> extends z.ZodType ? z.input<SchemaOf<K, 'body'>> : unknown;
/** The body after validation, as a sandbox handler sees it. */
export type ParsedBodyOf<K extends OperationId> =
  SchemaOf<K, 'body'> extends z.ZodType ? z.output<SchemaOf<K, 'body'>> : unknown;
export type PathOf<K extends OperationId> = Operations[K]['path'];
/** The query a caller may send: the declared parameters only (none where the operation declares none). */
export type QueryOf<K extends OperationId> = K extends keyof SchemaTable
  ? SchemaTable[K] extends { readonly query: infer D extends QueryDecl }
    ? QueryInput<D>
    : NoQuery
  : NoQuery;

/** The names of the query parameters an operation declares (none: `never`). */
export type QueryNamesOf<K extends OperationId> = K extends keyof SchemaTable
  ? SchemaTable[K] extends { readonly query: infer D extends QueryDecl }
    ? keyof D & string
    : never
  : never;

const cache = new Map<string, Promise<Readonly<Record<string, OperationSchemas>>>>();

function loadArea(area: Area): Promise<Readonly<Record<string, OperationSchemas>>> {
  let promise = cache.get(area);
  if (!promise) {
    promise = loaders[area]().then((m) => m.default as Readonly<Record<string, OperationSchemas>>);
    cache.set(area, promise);
  }
  return promise;
}

/** The schemas of one operation (an empty object where it has none). */
export async function schemasOf(op: Operation): Promise<OperationSchemas> {
  const area = await loadArea(op.area as Area);
  return area[op.id] ?? {};
}

/** Every operation's schemas (the sandbox and the contract tests validate them all). */
export async function allSchemas(): Promise<Readonly<Record<string, OperationSchemas>>> {
  const areas = await Promise.all((Object.keys(loaders) as Area[]).map(loadArea));
  return Object.assign({}, ...areas) as Record<string, OperationSchemas>;
}
