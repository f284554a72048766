import { fillPath } from '@secscan/api/operation';
import { invalid, ReplyError } from './http.js';

export const apiPrefix = '/api/v4';

export interface PageOptions {
  defaultPerPage?: number;
  maxPerPage?: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  hasMore: boolean;
  /** Absolute URL of the next page on the request's own host, or undefined on the last page. */
  nextPage: string | undefined;
}

interface PageRequest {
  op: { path: string };
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  baseUrl: string;
}

function positiveInt(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new ReplyError(
      invalid(`invalid query parameter ${name}`, [`${name}: expected an integer from 1 to ${max}`]),
    );
  }
  return n;
}

/** Slices `items` by the `page` and `per_page` query parameters and links the next page (`next_page`). */
export function paginate<T>(req: PageRequest, items: readonly T[], options: PageOptions = {}): Page<T> {
  const maxPerPage = options.maxPerPage ?? 250;
  const perPage = positiveInt(req.query, 'per_page', options.defaultPerPage ?? 50, maxPerPage);
  const page = positiveInt(req.query, 'page', 1, Number.MAX_SAFE_INTEGER);
  const start = (page - 1) * perPage;
  const hasMore = start + perPage < items.length;
  let nextPage: string | undefined;
  if (hasMore) {
    const next = new URLSearchParams(req.query);
    next.set('page', String(page + 1));
    next.set('per_page', String(perPage));
    nextPage = `${req.baseUrl}${apiPrefix}${fillPath(req.op.path, req.params)}?${next}`;
  }
  return {
    items: items.slice(start, start + perPage),
    page,
    perPage,
    total: items.length,
    hasMore,
    nextPage,
  };
}
