/**
 * What bounds the memory a JSON answer can take (issue 18, item 3). A byte cap alone does not: 110 MB of
 * small rows (`{"id":"1"},...`) parse to two million objects, gigabytes once checked. So a JSON answer is
 * read only when it is at most `maxJsonBytes` long and holds at most `maxJsonValues` values, counted on the
 * bytes before anything is parsed; and a page holds no more rows than were asked for.
 */
import { UnexpectedResponseError } from '../errors.js';
import type { Operation } from '@secscan/api/operation';

/** The longest JSON answer read (a document, such as a report, may be longer: see the client). */
export const maxJsonBytes = 32 * 1024 * 1024;

/** The most values (objects, lists, strings, numbers...) a JSON answer may hold. */
export const maxJsonValues = 1_000_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How many values the JSON text holds, counting each `{`, `[` and `,` outside strings (within a factor of
 * two of the values, keys aside); stops counting past `stopAfter`. One pass over the bytes, no allocation.
 */
export function jsonValueCount(body: Uint8Array, stopAfter = maxJsonValues): number {
  let count = body.length > 0 ? 1 : 0;
  let i = 0;
  const n = body.length;
  while (i < n) {
    const c = body[i] as number;
    if (c === QUOTE) {
      // The closing quote: the next one not escaped (an odd run of backslashes before it escapes it).
      let end = i;
      for (;;) {
        end = Buffer.prototype.indexOf.call(body, QUOTE, end + 1) as number;
        if (end < 0) return count;
        let slashes = 0;
        while (body[end - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end + 1;
      continue;
    }
    if (c === 0x7b || c === 0x5b || c === 0x2c) {
      count++;
      if (count > stopAfter) return count;
    }
    i++;
  }
  return count;
}

/**
 * Whether the JSON text holds more than `maxJsonValues` values. The count is at most one more than the
 * bytes, so a text shorter than the limit is not counted: a page of findings (440 KB) is never near it, and
 * counting every byte of a listing's pages in JavaScript cost a tenth of its CPU.
 */
export function tooManyJsonValues(body: Uint8Array): boolean {
  return body.length >= maxJsonValues && jsonValueCount(body) > maxJsonValues;
}

/** Refuses, before it is parsed, a JSON answer holding more values than memory should hold. */
export function checkJsonValues(op: Pick<Operation, 'id'>, body: Uint8Array): void {
  if (tooManyJsonValues(body)) {
    throw new UnexpectedResponseError(
      `${op.id}: the answer holds more than ${maxJsonValues.toLocaleString('en-US')} values (in ${Math.ceil(body.length / 1024 / 1024)} MiB); not read`,
      {
        hint: 'ask for smaller pages (--limit, --per-page) or a narrower list; report the answer to the service',
      },
    );
  }
}

/**
 * The rows of a page and its size: the list a page holds, the query parameter giving its size and the
 * size the specification documents as the default (and the largest allowed, where it names one).
 */
const pages: Record<string, { rows: string | undefined; size: string; fallback: number; max?: number }> = {
  ListAppFindings: { rows: 'findings', size: 'per_page', fallback: 50 },
  ListOrgFindings: { rows: 'findings', size: 'per_page', fallback: 50 },
  ListCompoundFindingsDEPRECATED: { rows: 'findings', size: 'per_page', fallback: 50 },
  ListCompoundFindings: { rows: 'findings', size: 'per_page', fallback: 50, max: 250 },
  ListOrgCompounds: { rows: 'compounds', size: 'per_page', fallback: 20, max: 100 },
  SearchDependency: { rows: undefined, size: 'per_page', fallback: 250, max: 1000 },
  ListScans: { rows: 'scans', size: 'limit', fallback: 10, max: 50 },
  ListScansInCompound: { rows: 'scans', size: 'limit', fallback: 10, max: 50 },
};

/**
 * A page holding more rows than were asked for (`per_page`, or the documented default when none was) is of
 * the wrong shape: exit 8, never rows read as if the service had paged them.
 */
export function checkPageRows(op: Pick<Operation, 'id'>, payload: unknown, path: string): void {
  const page = pages[op.id];
  if (!page) return;
  const list = page.rows === undefined ? payload : (payload as Record<string, unknown> | null)?.[page.rows];
  if (!Array.isArray(list)) return;
  const given = new URLSearchParams(path.split('?')[1] ?? '').get(page.size);
  const asked = given === null ? undefined : Number(given);
  // A size that is not a positive whole number (`per_page=0` of the dependency search) bounds nothing known.
  if (asked !== undefined && !(Number.isInteger(asked) && asked > 0)) return;
  const allowed = Math.min(asked ?? page.fallback, page.max ?? Infinity);
  if (list.length > allowed) {
    const why =
      asked === undefined
        ? 'a page holds by default'
        : allowed < asked
          ? 'a page may hold'
          : `asked for (${page.size}=${asked})`;
    throw new UnexpectedResponseError(
      `${op.id}: the page holds ${list.length} ${page.rows ?? 'rows'}, more than the ${allowed} ${why}; not read`,
    );
  }
}
