import { readFileSync } from 'node:fs';
import type { Context } from '../../context.js';
import { NotFoundError, UsageError } from '../../errors.js';
import type { Opts } from '../types.js';

export function requireApp(opts: Opts): string {
  if (opts.app === undefined) throw new UsageError('--app is required (the app the finding belongs to)');
  if (!String(opts.app).trim()) throw new UsageError('--app must not be empty');
  return String(opts.app);
}

/** Finding ids are positive integers (bulk operations send them as numbers). */
export function requireFindingId(value: string | undefined, where = 'finding id'): string {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value.trim())) {
    throw new UsageError(`invalid ${where} ${JSON.stringify(value ?? '')}: expected a positive whole number`);
  }
  return value.trim();
}

/** Ids one a line, or a JSON array of ids or of findings (`findings list -o json` output). */
export function parseIds(text: string, source: string): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  let items: unknown[];
  if (trimmed.startsWith('[')) {
    try {
      items = JSON.parse(trimmed) as unknown[];
    } catch (error) {
      throw new UsageError(`--ids-from ${source}: not valid JSON (${(error as Error).message})`);
    }
    if (!Array.isArray(items)) throw new UsageError(`--ids-from ${source}: expected a JSON array`);
  } else {
    items = trimmed
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  }
  return items.map((item, i) => {
    const value = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    return requireFindingId(
      value === undefined ? undefined : String(value),
      `finding id at item ${i + 1} of --ids-from ${source}`,
    );
  });
}

/** Checks the id arguments (the file or stdin is read later, in `collectIds`). */
export function validateIds(args: string[], opts: Opts): void {
  requireApp(opts);
  if (opts.idsFrom === undefined && args.length === 0) {
    throw new UsageError(
      'give at least one finding id, or --ids-from FILE|- (ids one a line or a JSON array)',
    );
  }
  for (const id of args) requireFindingId(id);
  if (opts.idsFrom !== undefined && !String(opts.idsFrom).trim())
    throw new UsageError('--ids-from must not be empty');
}

export async function collectIds(ctx: Context, args: string[], opts: Opts): Promise<string[]> {
  const ids = [...args.map((a) => a.trim())];
  if (opts.idsFrom !== undefined) {
    const source = String(opts.idsFrom);
    let text: string;
    if (source === '-') text = await ctx.readStdin();
    else {
      try {
        text = readFileSync(source, 'utf8');
      } catch (error) {
        throw new UsageError(`--ids-from: cannot read ${source}: ${(error as Error).message}`);
      }
    }
    ids.push(...parseIds(text, source === '-' ? 'stdin' : source));
  }
  const unique = [...new Set(ids)];
  if (!unique.length) throw new UsageError('--ids-from: no finding ids found');
  return unique;
}

/** Runs `work` over `items`, at most `limit` at a time, in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Reads each finding first: what it was (for the report of changes), and which ids the app does not have. */
export async function readFindings(
  ctx: Context,
  app: string,
  ids: readonly string[],
): Promise<{ found: Record<string, unknown>[]; unknown: string[] }> {
  const { operations } = await import('../../api/operations/index.js');
  const client = await ctx.client();
  const results = await mapLimit(ids, 8, async (id) => {
    try {
      return await client.call<Record<string, unknown>>(operations.ReadAppFinding, {
        path: { appID: app, findingID: id },
      });
    } catch (error) {
      if (error instanceof NotFoundError) return id;
      throw error;
    }
  });
  const found = results.filter((r): r is Record<string, unknown> => typeof r !== 'string');
  const unknown = results.filter((r): r is string => typeof r === 'string');
  if (unknown.length) ctx.warn(`app ${app} has no finding ${unknown.join(', ')}: left out`);
  if (!found.length) throw new NotFoundError(`app ${app} has none of the findings given`, 5, 404, undefined);
  return { found, unknown };
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
