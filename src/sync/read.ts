import type { ApiClient } from '../api/client.js';
import { UnexpectedResponseError } from '../errors.js';
import { findingsOf, type ListPlan } from '../triage/listing.js';
import type { Finding } from '@secscan/api/schemas/findings';

/** What the readers of one organization need: its client, and where a listing's notes go. */
export interface Source {
  client: ApiClient;
  note: (message: string | readonly string[]) => void;
}

const perPage = 250;

/**
 * A findings listing of `findings list` (src/triage/listing.ts), every page, in pages of 250 findings: what
 * the writers take a transaction's worth of at a time.
 */
type Listing = ListPlan extends infer P
  ? P extends unknown
    ? Omit<P, 'search' | 'limit' | 'all'>
    : never
  : never;

export async function* findingPages(source: Source, plan: Listing) {
  const ctx: Parameters<typeof findingsOf>[0] = { client: async () => source.client, note: source.note };
  const full = { ...plan, search: [], limit: undefined, all: true } as ListPlan;
  let page: Finding[] = [];
  for await (const finding of findingsOf(ctx, full, { shown: 0, total: undefined, more: false })) {
    page.push(finding);
    if (page.length === perPage) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/** An app's findings in a scan, of every status. */
export function appFindings(source: Source, app: string, scan: string): AsyncGenerator<Finding[]> {
  return findingPages(source, {
    level: 'app',
    app,
    deprecated: false,
    query: { scan, status: ['any'], per_page: perPage },
  });
}

/**
 * The findings the service lists as triaged: of a status other than unset, and unset with an assignee,
 * over each app's latest default-branch scan (as the organization's listing reads).
 */
export async function* triagedFindings(source: Source): AsyncGenerator<Finding[]> {
  yield* findingPages(source, {
    level: 'org',
    deprecated: false,
    query: { status: ['fixed', 'ignored', '3rdparty'], per_page: perPage },
  });
  yield* findingPages(source, {
    level: 'org',
    deprecated: false,
    query: { status: ['unset'], assignment: 'assigned', per_page: perPage },
  });
}

/** The organization's compounds, archived or not (the listing says which only by its filter). */
export async function compounds(client: ApiClient) {
  const out: { id: string; name: string; archived: boolean; apps: string[] }[] = [];
  for (const archived of [false, true]) {
    for await (const page of client.pages('ListOrgCompounds', { query: { archived, per_page: 100 } })) {
      for (const c of page.compounds) {
        const apps = Object.values(c.apps ?? {}).flatMap((a) =>
          typeof a === 'object' && a !== null && typeof (a as { id?: unknown }).id === 'string'
            ? [(a as { id: string }).id]
            : typeof a === 'string'
              ? [a]
              : [],
        );
        out.push({ id: c.id, name: c.name, archived, apps });
      }
    }
  }
  return out;
}

/** The successful scans of an app's default branch, newest first (the 50 the service lists at most). */
export async function defaultBranchScans(client: ApiClient, app: string, branch: string | undefined) {
  const { scans } = await client.call('ListScans', {
    path: { appID: app },
    query: { limit: 50, ...(branch ? { tags: [`branch=${branch}`] } : {}) },
  });
  return (scans as Record<string, unknown>[]).filter((s) => s.successful === true);
}

/** Every package of an app's scan, page after page while the service has more. */
export async function scanPackages(client: ApiClient, app: string, scan: string) {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const data = await client.call('ReadAppSCAPackages', {
      path: { appID: app },
      query: { scan, per_page: 1000, page },
    });
    out.push(...(data.packages as Record<string, unknown>[]));
    if (!data.has_more) return out;
    if (data.packages.length === 0) {
      throw new UnexpectedResponseError(`ReadAppSCAPackages (${app}): has_more with an empty page`);
    }
  }
}

/** CVEs and licences of package URLs, 100 to a request. */
export async function* packageInfo(client: ApiClient, purls: readonly string[]) {
  for (let i = 0; i < purls.length; i += 100) {
    yield await client.call('RetrievePackageInfo', { body: { purls: purls.slice(i, i + 100) } });
  }
}

/**
 * Pages of `pages` read ahead, up to `ahead` of them, while the reader is busy elsewhere (an app's findings
 * while another app's transaction is written): the network and the database overlap, and memory holds at
 * most `ahead` pages whatever the size of the organization.
 */
export function readAhead<T>(pages: AsyncIterator<T>, ahead: number): AsyncIterable<T> {
  const buffer: Promise<IteratorResult<T>>[] = [];
  let done = false;
  const fill = () => {
    while (!done && buffer.length < ahead) {
      const next = pages.next();
      buffer.push(next);
      next.then(
        (r) => {
          if (r.done) done = true;
        },
        () => {
          done = true;
        },
      );
    }
  };
  fill();
  return {
    [Symbol.asyncIterator]: () => ({
      async next() {
        if (buffer.length === 0) fill();
        const result = await (buffer.shift() as Promise<IteratorResult<T>>);
        if (!result.done) fill();
        return result;
      },
    }),
  };
}
