import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the operations table: everything the client needs to call an operation and everything the
 * sandbox needs to serve it. Paths are relative to `/api/v4` and use `{name}` placeholders.
 */
export interface Operation {
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Scopes the vendor document requires of the caller's token. */
  readonly scopes: readonly string[];
  readonly summary: string;
  /** Query parameters (loose, validated by commands before sending). */
  readonly query?: z.ZodType;
  /** Request body: strict. */
  readonly body?: z.ZodType;
  /** The payload: inside the envelope's `response` when `envelope` is true, else the bare body. */
  readonly response?: z.ZodType;
  /** false for the operations the service answers without `{ok, response}`. */
  readonly envelope?: boolean;
  /** Media type of the response when it is not JSON. */
  readonly media?: string;
  /** Media type of the request body when it is not JSON. */
  readonly requestMedia?: string;
  /** The response carries a top-level `next_page` link to follow. */
  readonly paginated?: boolean;
  /** Statuses the operation answers on success besides 200. */
  readonly successStatus?: number;
}

export function defineOperations<const T extends Record<string, Omit<Operation, 'id'>>>(
  table: T,
): { readonly [K in keyof T]: T[K] & { readonly id: K & string } } {
  const out: Record<string, Operation> = {};
  for (const [id, op] of Object.entries(table)) out[id] = { ...op, id };
  return out as { readonly [K in keyof T]: T[K] & { readonly id: K & string } };
}

export type ResponseOf<O extends Operation> = O['response'] extends z.ZodType
  ? z.infer<O['response']>
  : unknown;
export type BodyOf<O extends Operation> = O['body'] extends z.ZodType ? z.input<O['body']> : undefined;

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
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
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
