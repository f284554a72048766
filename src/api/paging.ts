/**
 * The service's `next_page` is a full URL that may name another host (or omit the `/api/v4` prefix, as the
 * vendor's examples do). Only its path and query are kept; the request goes to the configured origin.
 */
export function nextPagePath(nextPage: string, apiPrefix: string): string {
  const url = new URL(nextPage, 'http://placeholder.invalid');
  const path = url.pathname.startsWith(`${apiPrefix}/`) ? url.pathname : `${apiPrefix}${url.pathname}`;
  return `${path}${url.search}`;
}

export interface Envelope {
  ok?: unknown;
  response?: unknown;
  next_page?: unknown;
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'ok' in body;
}
