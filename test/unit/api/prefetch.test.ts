import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import type { Page } from '../../../src/api/client-types.js';
import { pagesAhead } from '../../../src/api/prefetch.js';
import { InterruptedError, UnexpectedResponseError } from '../../../src/errors.js';
import { ops } from './fixtures.js';

const list = '/api/v4/orgs/o/things';
const pageAt = (n: number) => (n === 1 ? `${list}?per_page=2` : `${list}?per_page=2&page=${n}`);

interface Request {
  path: string;
  cancelled: boolean;
}

/**
 * A list of `count` pages linked by page number, answered at once unless `answer` says otherwise; every
 * request and its cancellation is recorded in order, with what the caller had read by then.
 */
function fakeList(
  count: number,
  options: {
    ahead?: number;
    answer?: (n: number) => Page<unknown> | Promise<Page<unknown>>;
    pageLimit?: number;
  } = {},
) {
  const requests: Request[] = [];
  const events: string[] = [];
  const answer =
    options.answer ??
    ((n: number) => ({
      data: [`row ${n}`],
      nextPage: n < count ? `https://service.example${pageAt(n + 1)}` : undefined,
    }));
  const pages = pagesAhead({
    context: 'ListThings',
    apiPrefix: '/api/v4',
    firstPath: () => pageAt(1),
    fetch: async (path, signal) => {
      const request: Request = { path: path ?? pageAt(1), cancelled: false };
      requests.push(request);
      events.push(`request ${request.path.split('?')[1]}`);
      signal.addEventListener('abort', () => {
        request.cancelled = true;
        events.push(`cancel ${request.path.split('?')[1]}`);
      });
      const n = Number(/[?&](?:page=|cursor=c)(\d+)$/.exec(request.path)?.[1] ?? 1);
      const page = await answer(n);
      return () => page;
    },
    ahead: options.ahead ?? 4,
    pageLimit: options.pageLimit,
  });
  return { pages, requests, events };
}

async function readAll(
  pages: AsyncGenerator<unknown>,
  events: string[],
): Promise<{ rows: unknown[]; error?: unknown }> {
  const rows: unknown[] = [];
  try {
    for await (const page of pages) {
      events.push(`read ${JSON.stringify(page)}`);
      rows.push(...(page as unknown[]));
    }
  } catch (error) {
    return { rows, error };
  }
  return { rows };
}

describe('pagesAhead', () => {
  it('reads every page in order; from the second on, the next requests are sent before the page is read', async () => {
    const { pages, requests, events } = fakeList(6);
    const { rows } = await readAll(pages, events);
    expect(rows).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'row 6']);
    // The first page alone (a command that reads one page sends one request), then the second when asked.
    expect(events.slice(0, 3)).toEqual(['request per_page=2', 'read ["row 1"]', 'request per_page=2&page=2']);
    // Page 3 is in flight while page 2 is read, and page 4 too once the numbering is seen.
    expect(events.indexOf('request per_page=2&page=3')).toBeLessThan(events.indexOf('read ["row 2"]'));
    expect(events.indexOf('request per_page=2&page=5')).toBeLessThan(events.indexOf('read ["row 3"]'));
    // Each page once; the pages asked for past the last one are cancelled.
    const sent = requests.map((r) => r.path);
    expect(new Set(sent).size).toBe(sent.length);
    expect(requests.filter((r) => !r.cancelled).map((r) => r.path)).toEqual([1, 2, 3, 4, 5, 6].map(pageAt));
    expect(requests.filter((r) => r.cancelled).length).toBeLessThanOrEqual(1);
  });

  it('costs the service at most one request past the last page without a total, none with one', async () => {
    for (const count of [1, 2, 3, 4, 5, 9, 17, 40]) {
      for (const ahead of [1, 2, 4, 8]) {
        const untold = fakeList(count, { ahead });
        for await (const _page of untold.pages);
        const past = untold.requests.filter((r) => Number(/[?&]page=(\d+)$/.exec(r.path)?.[1] ?? 1) > count);
        expect({ count, ahead, past: past.length }).toEqual({
          count,
          ahead,
          past: count >= 3 && ahead >= 2 ? 1 : 0,
        });
        expect(untold.requests).toHaveLength(count + past.length);

        const told = fakeList(count, {
          ahead,
          answer: (n) => ({
            data: { total_count: count * 2, things: [`row ${n}`] },
            nextPage: n < count ? `${list}?per_page=2&page=${n + 1}` : undefined,
          }),
        });
        for await (const _page of told.pages);
        expect(told.requests.map((r) => r.path)).toEqual(
          Array.from({ length: count }, (_, i) => pageAt(i + 1)),
        );
      }
    }
  });

  it('with a total, keeps up to `ahead` pages asked for ahead; without one, the next page and one more', async () => {
    const mostAhead = async (withTotal: boolean) => {
      const { pages, events } = fakeList(30, {
        ahead: 8,
        answer: (n) => ({
          data: withTotal ? { total_count: 60, things: [`row ${n}`] } : [`row ${n}`],
          nextPage: n < 30 ? `${list}?per_page=2&page=${n + 1}` : undefined,
        }),
      });
      let read = 0;
      let most = 0;
      const asked = new Set<number>();
      for await (const _page of pages) {
        read++;
        for (const event of events.splice(0)) {
          const n = Number(/page=(\d+)$/.exec(event)?.[1] ?? 1);
          if (event.startsWith('request ')) asked.add(n);
          if (event.startsWith('cancel ')) asked.delete(n);
        }
        most = Math.max(most, [...asked].filter((n) => n > read).length);
      }
      return most;
    };
    expect(await mostAhead(true)).toBe(8);
    expect(await mostAhead(false)).toBe(2);
  });

  it('with ahead 0, asks for each page only once the one before is read', async () => {
    const { pages, requests, events } = fakeList(4, { ahead: 0 });
    await readAll(pages, events);
    expect(events).toEqual([
      'request per_page=2',
      'read ["row 1"]',
      'request per_page=2&page=2',
      'read ["row 2"]',
      'request per_page=2&page=3',
      'read ["row 3"]',
      'request per_page=2&page=4',
      'read ["row 4"]',
    ]);
    expect(requests.every((r) => !r.cancelled)).toBe(true);
  });

  it('with ahead 1, or links that do not number the pages, keeps only the next request in flight', async () => {
    for (const run of [
      fakeList(5, { ahead: 1 }),
      fakeList(5, {
        answer: (n) => ({
          data: [`row ${n}`],
          // A cursor instead of a page number: nothing can be guessed.
          nextPage: n < 5 ? `${list}?per_page=2&cursor=c${n + 1}` : undefined,
        }),
      }),
    ]) {
      await readAll(run.pages, run.events);
      expect(run.requests).toHaveLength(5);
      expect(run.requests.every((r) => !r.cancelled)).toBe(true);
    }
  });

  it('a failure of a page fetched ahead comes after the rows of the pages before it', async () => {
    const failure = new UnexpectedResponseError('ListThings: the answer is not a list');
    const { pages, events } = fakeList(6, {
      answer: (n) => {
        if (n === 4) throw failure;
        return { data: [`row ${n}`], nextPage: `${list}?per_page=2&page=${n + 1}` };
      },
    });
    const { rows, error } = await readAll(pages, events);
    expect(rows).toEqual(['row 1', 'row 2', 'row 3']);
    expect(error).toBe(failure);
    // Page 4 had failed before page 3 was read.
    expect(events.indexOf('request per_page=2&page=4')).toBeLessThan(events.indexOf('read ["row 3"]'));
  });

  it('uses a page fetched ahead only when next_page names it; another link cancels it', async () => {
    const { pages, requests, events } = fakeList(5, {
      answer: (n) => ({
        data: [`row ${n}`],
        // Page 3 links to page 5: the service skipped page 4, which was asked for ahead.
        nextPage: n === 5 ? undefined : `${list}?per_page=2&page=${n === 3 ? 5 : n + 1}`,
      }),
    });
    const { rows } = await readAll(pages, events);
    expect(rows).toEqual(['row 1', 'row 2', 'row 3', 'row 5']);
    expect(requests.find((r) => r.path === pageAt(4))?.cancelled).toBe(true);
  });

  it('keeps the next_page checks: a link back to a page already read is refused after the rows', async () => {
    const { pages, events } = fakeList(4, {
      answer: (n) => ({ data: [`row ${n}`], nextPage: `${list}?per_page=2&page=${n === 3 ? 2 : n + 1}` }),
    });
    const { rows, error } = await readAll(pages, events);
    expect(rows).toEqual(['row 1', 'row 2', 'row 3']);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/next_page goes back to a page already read/);
  });

  it('asks for no page past the total a page states, nor past the pages the caller needs', async () => {
    const total = fakeList(50, {
      answer: (n) => ({
        data: { total_count: 9, things: [`row ${n}`] },
        nextPage: n < 5 ? `${list}?per_page=2&page=${n + 1}` : undefined,
      }),
    });
    for await (const _page of total.pages);
    expect(total.requests.map((r) => r.path)).toEqual([1, 2, 3, 4, 5].map(pageAt));

    const limited = fakeList(50, { pageLimit: 3 });
    let read = 0;
    for await (const _page of limited.pages) if (++read === 3) break;
    expect(limited.requests.map((r) => r.path)).toEqual([1, 2, 3].map(pageAt));
  });

  it('cancels what is in flight when the caller stops early', async () => {
    const { pages, requests } = fakeList(20);
    let read = 0;
    for await (const _page of pages) if (++read === 4) break;
    const inFlight = requests.filter((r) => !r.cancelled && Number(/[?&]page=(\d+)$/.exec(r.path)?.[1]) > 4);
    expect(inFlight).toEqual([]);
    expect(requests.some((r) => r.cancelled)).toBe(true);
  });
});

describe('pages ahead over the network', () => {
  let server: Server;
  let origin: string;
  const dispatcher = new Agent();
  let held: { path: string; closed: Promise<void> }[] = [];
  let onRequest: (req: IncomingMessage, res: ServerResponse) => void;

  beforeAll(async () => {
    server = createServer((req, res) => onRequest(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await dispatcher.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('an interruption (SIGINT) cancels the requests in flight and ends the listing as interrupted', async () => {
    held = [];
    onRequest = (req, res) => {
      const n = Number(/page=(\d+)/.exec(req.url ?? '')?.[1] ?? 1);
      if (n <= 2) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ok: true,
            response: [{ id: String(n) }],
            next_page: `/orgs/o/things?page=${n + 1}`,
          }),
        );
        return;
      }
      // Page 3 and later never answer: the client must give them up.
      held.push({ path: req.url ?? '', closed: new Promise((resolve) => res.on('close', () => resolve())) });
    };
    const controller = new AbortController();
    const client = new ApiClient({
      baseUrl: origin,
      token: 't',
      orgId: 'o',
      dispatcher,
      signal: controller.signal,
    });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const page of client.pagesOf(ops.ListThings, {})) {
        seen.push(page);
        if (seen.length === 2) {
          // Page 3 is in flight while page 2 is written: wait until the service has it, then Ctrl-C.
          while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
          controller.abort(new InterruptedError('SIGINT'));
        }
      }
    })().catch((e: unknown) => e);
    expect(seen).toEqual([[{ id: '1' }], [{ id: '2' }]]);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(held.map((h) => h.path)[0]).toBe('/api/v4/orgs/o/things?page=3');
    // Every request the service held was closed by the client.
    await Promise.all(held.map((h) => h.closed));
  });
});
