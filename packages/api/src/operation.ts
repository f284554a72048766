export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the operations table: what the client needs to call an operation and the sandbox needs to
 * route it. Plain data (no schemas), so reading the table costs nothing at start-up; the zod schemas of an
 * area live in `operations/<area>.schemas.ts` and load only when one of its operations is called.
 * Paths are relative to `/api/v4` and use `{name}` placeholders.
 */
export interface OperationRow {
  readonly method: HttpMethod;
  readonly path: string;
  /** Scopes the vendor document requires of the caller's token. */
  readonly scopes: readonly string[];
  readonly summary: string;
  /** false for the operations the service answers without `{ok, response}`. */
  readonly envelope?: boolean;
  /** Media type of the response when it is not JSON. */
  readonly media?: string;
  /** Media type of the request body when it is not JSON. */
  readonly requestMedia?: string;
  /** The response carries a top-level `next_page` link to follow. */
  readonly paginated?: boolean;
  /** The status the operation answers on success when it is not 200 (201, 204, 302). */
  readonly successStatus?: number;
  /**
   * Not in the vendor document: a path the vendor's own clients call, its shape taken from them
   * (`operations/private.ts`, the one table of such rows). The contract tests against the document leave it
   * out; the sandbox serves it.
   */
  readonly private?: true;
  /**
   * A read sent as POST (its body is the question, as `RetrievePackageInfo`'s list of purls): the service
   * changes nothing, so the client retries it as it retries a GET.
   */
  readonly read?: boolean;
}

export interface Operation extends OperationRow {
  readonly id: string;
  /** The table file the row lives in; its schemas are in `<area>.schemas.ts`. */
  readonly area: string;
}

export function defineOperations<const A extends string, const T extends Record<string, OperationRow>>(
  area: A,
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly id: K & string; readonly area: A } } {
  const out: Record<string, Operation> = {};
  for (const [id, op] of Object.entries(table)) out[id] = { ...op, id, area };
  return out as { readonly [K in keyof T]: T[K] & { readonly id: K & string; readonly area: A } };
}

/** Path parameter names of a template, as a union type: `'orgID' | 'appID'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;

/** Path parameter names of a template, in order. */
export function pathParams(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/**
 * Fills a path template, percent-encoding every segment value so an id can never change the path
 * (`a/../b` stays one segment). Throws on a missing or empty value.
 */
export function fillPath(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`missing path parameter ${name}`);
    const encoded = encodeURIComponent(String(value));
    // '.' and '..' would be dot segments; encoded, they stay one literal segment (undici sends paths as given).
    return encoded === '.' || encoded === '..' ? encoded.replace(/\./g, '%2E') : encoded;
  });
}

export type QueryValue =
  string | number | boolean | undefined | null | readonly (string | number | boolean)[];

/** Serializes a query object; arrays repeat the key (`type=vuln&type=oss_vuln`). */
export function buildQuery(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Compiles a template into a matcher for the sandbox router. */
export function compilePath(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part);
      if (m) {
        names.push(m[1] as string);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${source}$`), names };
}
