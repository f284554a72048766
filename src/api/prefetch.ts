import type { Page } from './client-types.js';
import { checkNextPage, checkRepeatedRows, nextPagePath } from './paging.js';
import { getHeapStatistics } from 'node:v8';
import { collectAll } from '../util/gc.js';

/**
 * How much the heap may grow past what the last full collection left before the next one: 8 MiB, or half
 * of what was live then when that is more (a caller that keeps every row, as `reports trends` does, then
 * collects a number of times that grows with the logarithm of its rows, not with them). Pages read and
 * written are dead; with the young generation kept small (bin/load.js) they are promoted, and V8 would
 * free them only tens of MiB later. Measured at 100,000 findings (`--status any --all`): peak RSS 83-87 MiB
 * for ndjson, csv and json instead of 110-113, about 20% more CPU (6 MiB: 82-86 MiB, 35% more; 16 MiB:
 * 92-95 MiB); `reports trends`, which keeps every finding, takes 5.5 s instead of 7-7.8 s.
 */
const deadBytesKept = 8 * 1024 * 1024;

/**
 * Pages requested ahead of the one being read, at most (see `pagesAhead`): at 50 ms of latency, 10,000
 * findings took 0.36x the page-by-page time with 8 and 0.43x with 4 (bench/findings.mjs, medians of 5), the
 * peak RSS the same.
 */
export const defaultPageAhead = 8;

/** The most pages `SECSCAN_PAGE_AHEAD` may ask for ahead (src/factory.ts parses it, 0 to 16). */
export const maxPageAhead = 16;

/**
 * Pages in flight, at most, when no page states the list's total: the next page (named by the service) and
 * one after it, asked for on the guess that the numbering goes on. When `next` is the last page, that one
 * request is answered for nothing: a listing never costs the service more than one (issue 33).
 */
export const speculativeDepth = 2;

export interface PageSource {
  /** The operation, for messages. */
  context: string;
  apiPrefix: string;
  /** The first page's path (called once the first page is read, as its errors come first). */
  firstPath(): string;
  /**
   * One page's answer, and how to decode it (called when the page is read: a page fetched ahead waits as
   * bytes); the first page with `path` undefined; `signal` cancels a page asked for ahead and not needed.
   */
  fetch(path: string | undefined, signal: AbortSignal): Promise<() => Page<unknown>>;
  /**
   * Pages in flight ahead of the one being read, at most: 0 reads strictly one page after the other (the
   * behaviour before, kept for comparison: SECSCAN_PAGE_AHEAD=0); 1 keeps the next page's request in
   * flight; more also asks for the pages after it when the list numbers its pages (below).
   */
  ahead: number;
  /** The caller reads this many pages at most: none past it is asked for ahead. */
  pageLimit?: number | undefined;
}

interface Ahead {
  promise: Promise<() => Page<unknown>>;
  controller: AbortController;
}

/** The value of the `page` query parameter and the path without it, or undefined when there is none. */
function pageNumber(path: string): { number: number; rest: string } | undefined {
  const q = path.indexOf('?');
  if (q === -1) return undefined;
  const parts = path.slice(q + 1).split('&');
  const at = parts.findIndex((p) => /^page=\d{1,9}$/.test(p));
  if (at === -1 || parts.findIndex((p, i) => i !== at && p.startsWith('page=')) !== -1) return undefined;
  const number = Number((parts[at] as string).slice('page='.length));
  return { number, rest: `${path.slice(0, q)}?${parts.filter((_, i) => i !== at).join('&')}` };
}

/** `path` with its page number replaced (the same text otherwise: compared as sent, never rebuilt). */
function withPage(path: string, number: number): string {
  return path.replace(/([?&])page=\d{1,9}(?=&|$)/, `$1page=${number}`);
}

/** The last page a list can have, when the page says its total (`total_count`) and the path its size. */
function lastPage(data: unknown, path: string): number | undefined {
  const total = (data as { total_count?: unknown } | null)?.total_count;
  const size = /[?&]per_page=(\d{1,9})(?:&|$)/.exec(path)?.[1];
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 0 || !size || Number(size) < 1) {
    return undefined;
  }
  return Math.max(1, Math.ceil(total / Number(size)));
}

/**
 * Every page of a list, following `next_page`, in order, with the same checks as one page after the other
 * (a next_page that repeats a page, names another list or goes back is refused after the rows of the page
 * that gave it; a page holding the same rows as one read before, under another link, before its own). What changes is when the requests go: from the second page on (a command that reads one
 * page sends one request), the next page's request is in flight while the caller writes the current one;
 * and when the links number the pages (`page=N+1` after `page=N`, nothing else changed), the pages after it
 * are asked for too, up to `ahead` in flight, one more each time a link confirms the numbering, never past
 * the total a page states (without a total, one page past the next at most: see `speculativeDepth`). A page asked for ahead is used only when the next_page the service gave names
 * exactly it; any other is cancelled, as are all of them when the caller stops (a --limit reached, an error,
 * Ctrl-C). A failure of a page asked for ahead is thrown only when that page is reached, after the rows of
 * the pages before it.
 */
export async function* pagesAhead(source: PageSource): AsyncGenerator<unknown> {
  const { context, apiPrefix } = source;
  const inFlight = new Map<string, Ahead>();
  // The paths of the pages read (150 characters each: 4,000 pages are 600 KB).
  const read = new Set<string>();
  /** The rows of each page read, by identity: a page read again under another link is refused. */
  const rows = new Set<string>();
  const start = (path: string) => {
    const controller = new AbortController();
    const promise = source.fetch(path, controller.signal);
    // Read (or cancelled) later; never an unhandled rejection in the meantime.
    promise.catch(() => undefined);
    inFlight.set(path, { promise, controller });
  };
  const take = async (path: string | undefined): Promise<Page<unknown>> => {
    const ahead = path === undefined ? undefined : inFlight.get(path);
    if (ahead && path !== undefined) inFlight.delete(path);
    const decode = await (ahead?.promise ?? source.fetch(path, new AbortController().signal));
    return decode();
  };
  const cancelAllBut = (keep: ReadonlySet<string>) => {
    for (const [path, { controller }] of inFlight) {
      if (keep.has(path)) continue;
      controller.abort();
      inFlight.delete(path);
    }
  };
  let first: string | undefined;
  let path: string | undefined;
  let window = 1;
  let last: number | undefined;
  let heapAfterCollection = 0;
  try {
    for (let n = 1; ; n++) {
      const { data, nextPage } = await take(path);
      first ??= source.firstPath();
      const current = path ?? first;
      checkRepeatedRows(context, current, data, rows);
      read.add(current);
      last ??= lastPage(data, current);
      let next: string | undefined;
      let refused: unknown;
      if (nextPage) {
        try {
          next = nextPagePath(nextPage, apiPrefix, context);
          checkNextPage(context, next, current, first, read);
        } catch (error) {
          refused = error;
          next = undefined;
        }
      }
      const wanted = new Set<string>();
      const limit = source.pageLimit ?? Number.POSITIVE_INFINITY;
      if (next !== undefined && n >= 2 && n < limit && source.ahead > 0) {
        wanted.add(next);
        const from = pageNumber(current);
        const to = pageNumber(next);
        const plain = from?.rest ?? (current.includes('?') ? current : `${current}?`);
        const numbered = to !== undefined && to.number === (from?.number ?? 1) + 1 && to.rest === plain;
        // Without a total, a page past `next` may not exist: one such request at a time, so a listing
        // costs the service at most one request past its last page; with a total, none.
        const depth = last === undefined ? Math.min(source.ahead, speculativeDepth) : source.ahead;
        window = numbered ? Math.min(window + 1, depth) : 1;
        if (numbered) {
          for (let k = 1; k < window && n + 1 + k <= limit; k++) {
            const page = to.number + k;
            if (last !== undefined && page > last) break;
            wanted.add(withPage(next, page));
          }
        }
      }
      cancelAllBut(wanted);
      for (const ahead of wanted) if (!inFlight.has(ahead) && !read.has(ahead)) start(ahead);
      // From the second page on, pages read are freed as the list goes.
      if (n === 2) heapAfterCollection = getHeapStatistics().used_heap_size;
      yield data;
      // Pages that waited ahead reached the old generation: their dead bytes freed now, not tens of MiB later.
      const grown = getHeapStatistics().used_heap_size - heapAfterCollection;
      if (n >= 2 && grown > Math.max(deadBytesKept, heapAfterCollection / 2)) {
        collectAll();
        heapAfterCollection = getHeapStatistics().used_heap_size;
      }
      if (refused !== undefined) throw refused;
      if (next === undefined) return;
      path = next;
    }
  } finally {
    cancelAllBut(new Set());
  }
}
