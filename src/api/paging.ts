import { UnexpectedResponseError } from '../errors.js';

/**
 * The service's `next_page` is a full URL that may name another host (or omit the `/api/v4` prefix, as the
 * vendor's examples do). Only its path and query are kept; the request goes to the configured origin.
 */
export function nextPagePath(nextPage: string, apiPrefix: string, context = 'next_page'): string {
  let url: URL;
  try {
    url = new URL(nextPage, 'http://placeholder.invalid');
  } catch {
    throw new UnexpectedResponseError(`${context}: next_page is not a URL`);
  }
  // An http(s) URL or an absolute path; anything else (javascript:, file:, ftp:) is not a page link.
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    (!/^https?:\/\//i.test(nextPage) && !nextPage.startsWith('/'))
  ) {
    throw new UnexpectedResponseError(`${context}: next_page is not an http(s) link to a page`);
  }
  const path = url.pathname.startsWith(`${apiPrefix}/`) ? url.pathname : `${apiPrefix}${url.pathname}`;
  return `${path}${url.search}`;
}

/** The list a page path names: its path without the query, segments decoded, no trailing slash. */
export function pageList(path: string): string {
  return (path.split('?')[0] ?? '')
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

export interface Envelope {
  ok?: unknown;
  response?: unknown;
  next_page?: unknown;
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'ok' in body;
}
