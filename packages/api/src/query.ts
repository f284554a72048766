/**
 * The query parameters of an operation, as data: name, type, whether it repeats, its values or range. The
 * client's `query` is typed from them (a misspelt name or a wrong type does not compile) and the sandbox
 * parses query strings with them (a wrong type or value is the service's validation error; `closed`, a name
 * the declaration lacks is one too: the sandbox refuses a filter it does not know rather than ignore it).
 */

interface Common {
  /** Given more than once (`type=vuln&type=oss_vuln`); the client takes one value or a list. */
  readonly repeatable?: boolean;
  readonly required?: boolean;
  /**
   * Not in the vendor document: a parameter the vendor's own clients send (the findings listings' `tag`),
   * declared from what they send. The contract test of the parameters holds every other one to the document.
   */
  readonly fromClients?: boolean;
}

export type QueryParam =
  | (Common & { readonly type: 'string' })
  | (Common & { readonly type: 'integer'; readonly min?: number; readonly max?: number })
  | (Common & { readonly type: 'boolean' })
  | (Common & { readonly type: 'enum'; readonly values: readonly (string | number)[] });

export type QueryDecl = Readonly<Record<string, QueryParam>>;

export function text<const C extends Common = Record<never, never>>(common?: C) {
  return { type: 'string', ...common } as { readonly type: 'string' } & C;
}

export function integer<const C extends Common = Record<never, never>>(
  min?: number,
  max?: number,
  common?: C,
) {
  return { type: 'integer', min, max, ...common } as {
    readonly type: 'integer';
    min?: number;
    max?: number;
  } & C;
}

export function boolean<const C extends Common = Record<never, never>>(common?: C) {
  return { type: 'boolean', ...common } as { readonly type: 'boolean' } & C;
}

export function oneOf<
  const V extends readonly (string | number)[],
  const C extends Common = Record<never, never>,
>(values: V, common?: C) {
  return { type: 'enum', values, ...common } as { readonly type: 'enum'; readonly values: V } & C;
}

/** An operation's query declaration, kept as written (its literal types make the client's types). */
export function defineQuery<const D extends QueryDecl>(decl: D): D {
  return decl;
}

type Scalar<P> = P extends { type: 'string' }
  ? string
  : P extends { type: 'integer' }
    ? number
    : P extends { type: 'boolean' }
      ? boolean
      : P extends { type: 'enum'; values: infer V extends readonly unknown[] }
        ? V[number]
        : never;

type Value<P> = P extends { repeatable: true } ? Scalar<P> | readonly Scalar<P>[] : Scalar<P>;

type RequiredNames<D> = { [K in keyof D]: D[K] extends { required: true } ? K : never }[keyof D];

type Flat<T> = { [K in keyof T]: T[K] } & {};

/** What a caller sends: every declared name, of its type; the required ones must be there. */
export type QueryInput<D extends QueryDecl> = Flat<
  { readonly [K in RequiredNames<D>]: Value<D[K]> } & {
    readonly [K in Exclude<keyof D, RequiredNames<D>>]?: Value<D[K]> | null | undefined;
  }
>;

/** The query of an operation that declares none: no name at all. */
export type NoQuery = { readonly [name: string]: never };

/** A query value that does not read as its declaration says: the parameter, and what it expects. */
export interface QueryProblem {
  name: string;
  missing: boolean;
  /** A name the declaration does not have. */
  unknown?: boolean;
  expected: string;
}

/** What a parameter expects, in the words of a validation error (`expected an integer from 1 to 250`). */
export function expectation(param: QueryParam): string {
  switch (param.type) {
    case 'string':
      return 'expected a value';
    case 'boolean':
      return 'expected true or false';
    case 'enum':
      return `expected one of ${param.values.join(', ')}`;
    case 'integer': {
      const { min, max } = param;
      if (min !== undefined && max !== undefined) return `expected an integer from ${min} to ${max}`;
      if (min !== undefined) return `expected an integer, ${min} or more`;
      return max === undefined ? 'expected an integer' : `expected an integer, at most ${max}`;
    }
  }
}

function reads(param: QueryParam, raw: string): boolean {
  switch (param.type) {
    case 'string':
      return true;
    case 'boolean':
      return /^(true|false|1|0)$/i.test(raw);
    case 'enum':
      // A list in one value (`status=fixed,ignored`) is read as the values it holds.
      return raw.split(',').every((v) => v === '' || param.values.map(String).includes(v));
    case 'integer': {
      if (!/^-?\d+$/.test(raw)) return false;
      const n = Number(raw);
      return (param.min === undefined || n >= param.min) && (param.max === undefined || n <= param.max);
    }
  }
}

/**
 * Checks a query string against a declaration: with `closed`, the first name the declaration lacks; then the
 * first parameter that is missing (required) or does not read as declared. An empty value counts as absent.
 */
export function checkQuery(
  decl: QueryDecl,
  query: URLSearchParams,
  options: { closed?: boolean } = {},
): QueryProblem | undefined {
  for (const name of options.closed ? query.keys() : []) {
    if (!Object.hasOwn(decl, name)) {
      return { name, missing: false, unknown: true, expected: 'not a parameter of this operation' };
    }
  }
  for (const [name, param] of Object.entries(decl)) {
    const values = query.getAll(name).filter((v) => v !== '');
    if (!values.length) {
      if (param.required) return { name, missing: true, expected: 'required' };
      continue;
    }
    if (values.some((v) => !reads(param, v))) return { name, missing: false, expected: expectation(param) };
  }
  return undefined;
}
