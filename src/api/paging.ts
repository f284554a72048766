import { createHash } from 'node:crypto';
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
  read: { has(path: string): boolean },
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

/** A row's identity: its id, with its app where ids are per app (org and compound listings mix apps). */
function rowKey(row: unknown): string | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const { id, app } = row as { id?: unknown; app?: unknown };
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return typeof app === 'string' ? `${app}\u0000${id}` : String(id);
}

/**
 * The rows a page holds, by identity: the rows with an id of its list (the page itself, or the lists of
 * its object: `findings`, not `counts`), in order; undefined when it has none. Two pages with the same
 * fingerprint are the same page, whatever their links say.
 */
export function pageFingerprint(data: unknown): string | undefined {
  const lists = Array.isArray(data)
    ? [data]
    : typeof data === 'object' && data !== null
      ? Object.values(data).filter(Array.isArray)
      : [];
  const keys: string[] = [];
  for (const list of lists as unknown[][]) {
    for (const row of list) {
      const key = rowKey(row);
      if (key !== undefined) keys.push(key);
    }
  }
  return keys.length ? keys.join('\n') : undefined;
}

/**
 * A text's identity in 16 characters: 96 bits of its SHA-256 (two of a listing's pages alike by chance:
 * about one in 10^21 for a million pages).
 */
function digest(text: string): string {
  // Its own 16 characters, not a slice of the whole digest's (which would keep the 44 alive).
  return createHash('sha256').update(text).digest().toString('base64', 0, 12);
}

/**
 * Refuses a page whose rows are those of a page already read (`next_page` links that differ, say by a
 * cursor, but go round between the same pages): before its rows are printed a second time. `seen` keeps
 * a digest of each page's fingerprint, not the fingerprint (6 KB of ids a page of 250): a listing of a
 * million findings kept 24 MB of them, and its peak RSS grew with the listing.
 */
export function checkRepeatedRows(context: string, path: string, data: unknown, seen: Set<string>): void {
  const rows = pageFingerprint(data);
  if (rows === undefined) return;
  const fingerprint = digest(rows);
  if (seen.has(fingerprint)) {
    throw new UnexpectedResponseError(
      `${context}: the page at ${redactUrl(path)} holds the same rows as a page already read (next_page goes round in a loop)`,
    );
  }
  seen.add(fingerprint);
}
