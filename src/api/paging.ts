import { UnexpectedResponseError } from '../errors.js';
import { redactUrl } from './redact.js';

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

/**
 * Refuses a `next_page` that cannot be the next page of this list: the page just read, a page of another
 * list (another app's findings would mix their rows into this one), or a page already read (a loop would
 * never end, and repeat its rows).
 */
export function checkNextPage(
  context: string,
  next: string,
  current: string,
  first: string,
  read: ReadonlySet<string>,
): void {
  if (next === current) {
    throw new UnexpectedResponseError(
      `${context}: next_page repeats the page just read (${redactUrl(next)})`,
    );
  }
  if (pageList(next) !== pageList(first)) {
    throw new UnexpectedResponseError(`${context}: next_page names another list (${redactUrl(next)})`);
  }
  if (read.has(next)) {
    throw new UnexpectedResponseError(
      `${context}: next_page goes back to a page already read (${redactUrl(next)})`,
    );
  }
}
