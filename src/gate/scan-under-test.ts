import type { ApiClient } from '../api/client.js';
import { sanitizeLine } from '../streams/sanitize.js';
import { NotFoundError, notFoundError, UnexpectedResponseError } from '../errors.js';
import { compoundScanState, type ScanState, scanState } from '../util/scan-state.js';
import type { Selector } from './selector.js';

/** What the scan under test belongs to: a compound, an app, or (`scans check --compound`) either. */
export type SubjectKind = 'compound' | 'app';

export interface FoundScan {
  /** Its id: a compound (polyglot) scan id for a compound. A positive whole number. */
  id: string;
  state: ScanState;
  /** The scan as the service answered, for `scans wait` to print. */
  item: Record<string, unknown>;
}

/** The newest scans a lookup reads: the most a listing gives in one answer. */
export const lookupLimit = 50;

type Row = Record<string, unknown> & { id: string; started_at?: string; version?: string };

/** `b` before `a` when it is later: as instants when both parse, else as text (code points, not a locale). */
function later(a: string, b: string): number {
  const [x, y] = [Date.parse(a), Date.parse(b)];
  if (!Number.isNaN(x) && !Number.isNaN(y)) return y - x;
  return a < b ? 1 : a > b ? -1 : 0;
}

/**
 * Newest first, by `started_at` where both rows have it (the listing's own order otherwise). Not with
 * `localeCompare`: its first call loads ICU's collator, 5 ms of every gate's start-up.
 */
function newestFirst<T extends Row>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.started_at && b.started_at ? later(a.started_at, b.started_at) : 0));
}

function matches(row: Row, selector: Selector): boolean {
  switch (selector.kind) {
    case 'scan':
      return String(row.id) === selector.id;
    case 'version':
      return row.version === selector.version;
    case 'tag':
      return String((row.tags as Record<string, unknown> | undefined)?.[selector.key]) === selector.value;
  }
}

/** A found scan, once its id and state are ones a gate can use (else the answer is exit 8). */
function found(operation: string, name: string, id: unknown, state: ScanState | undefined, item: object) {
  const shown = typeof id === 'number' ? String(id) : id;
  // A check body names it as a JSON number: one that a double cannot hold exactly would name another.
  if (typeof shown !== 'string' || !/^[1-9]\d{0,15}$/.test(shown) || !Number.isSafeInteger(Number(shown))) {
    throw new UnexpectedResponseError(
      `${operation}: a scan of ${name} has the id ${JSON.stringify(id)}, which is not a scan number`,
    );
  }
  if (!state) {
    const status = (item as { status?: unknown }).status;
    const named =
      status === undefined || status === null
        ? ''
        : ` (its status is ${sanitizeLine(JSON.stringify(status), 60)})`;
    throw new UnexpectedResponseError(
      `${operation}: scan ${shown} of ${name} shows no state this version can read (completed, running or failed)${named}`,
    );
  }
  return { id: shown, state, item: item as Record<string, unknown> };
}

/** `undefined` for a 404: the scan named by id is not there (yet). */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

async function inCompound(
  client: ApiClient,
  name: string,
  selector: Selector,
  deadline: number | undefined,
): Promise<FoundScan | undefined> {
  // Archived compounds are found too, as `compounds scans` finds them.
  const { scans } = await client.call('ListScansInCompound', {
    path: { compoundName: name },
    query: { archived: true, limit: lookupLimit },
    deadline,
  });
  const row = newestFirst(scans).find((s) => matches(s, selector));
  if (row) return found('ListScansInCompound', name, row.id, scanState(row), row);
  if (selector.kind !== 'scan') return undefined;
  // Older than the newest scans listed: read it by id.
  const scan = await unlessMissing(() =>
    client.call('ReadCompoundScan', {
      path: { compoundName: name, scanID: selector.id },
      query: { archived: true },
      deadline,
    }),
  );
  if (!scan) return undefined;
  if (String(scan.polyglot_scan_id) !== selector.id) {
    throw new UnexpectedResponseError(
      `ReadCompoundScan: asked for scan ${selector.id} of ${name}, the service answered with scan ${scan.polyglot_scan_id}`,
    );
  }
  return found('ReadCompoundScan', name, scan.polyglot_scan_id, compoundScanState(scan), scan);
}

async function inApp(
  client: ApiClient,
  app: string,
  selector: Selector,
  deadline: number | undefined,
): Promise<FoundScan | undefined> {
  const tags = selector.kind === 'tag' ? [`${selector.key}=${selector.value}`] : undefined;
  const { scans } = await client.call('ListScans', {
    path: { appID: app },
    query: { tags, limit: lookupLimit },
    deadline,
  });
  // The tag filter is the service's; the match is checked here too, so no other scan is taken for it.
  const row = newestFirst(scans).find((s) => matches(s, selector));
  if (row) return found('ListScans', app, row.id, scanState(row), row);
  if (selector.kind !== 'scan') return undefined;
  const read = await unlessMissing(() =>
    client.call('ReadScan', { path: { appID: app, scanID: selector.id }, deadline }),
  );
  const scan = read?.find((s) => String(s.id) === selector.id);
  if (read && !scan) {
    throw new UnexpectedResponseError(
      `ReadScan: asked for scan ${selector.id} of ${app}, the answer holds no such scan`,
    );
  }
  return scan ? found('ReadScan', app, scan.id, scanState(scan), scan) : undefined;
}

/**
 * Looks for the scan under test once: the newest scan of the compound or app that the selector names, with
 * its state; undefined when there is none (yet). `either` (a name `scans check --compound` takes) is a
 * compound when the service lists compound scans under that name, else an app; neither is exit 5. A wait's
 * `deadline` (on the client's clock) bounds the requests' retries.
 */
export async function findScan(
  client: ApiClient,
  subject: { name: string; kind: SubjectKind | 'either' },
  selector: Selector,
  deadline?: number,
): Promise<{ kind: SubjectKind; scan: FoundScan | undefined }> {
  const { name } = subject;
  if (subject.kind === 'app') return { kind: 'app', scan: await inApp(client, name, selector, deadline) };
  if (subject.kind === 'compound') {
    return { kind: 'compound', scan: await inCompound(client, name, selector, deadline) };
  }
  try {
    return { kind: 'compound', scan: await inCompound(client, name, selector, deadline) };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  try {
    return { kind: 'app', scan: await inApp(client, name, selector, deadline) };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw notFoundError(
      `no compound or app is named ${subject.name}`,
      'see `secscan compounds list` and `secscan apps list`',
    );
  }
}
