import type { Finding } from '@secscan/api/schemas/findings';
import type { Context } from '../../../context.js';
import type { Result } from '../../../output/result.js';
import { type FindingChange, partialChangeView } from '../../../output/views/findings.js';
import { ApiError, CliError, ExitCode, NotFoundError, UsageError } from '../../../errors.js';
import { text } from '../../define.js';
import { mapLimit } from '../../../util/batches.js';

export { chunks, mapLimit } from '../../../util/batches.js';
export { collectIds, findingId, idsFromOption, parseIds, requireIds } from '../../shared/finding-ids.js';

/** The bulk operations take at most this many findings a request. */
export const batchSize = 100;

export const appOption = text('--app <id>', 'the app the finding belongs to (required)', {
  required: 'the app the finding belongs to',
});

/** Reads each finding first: what it was (for the report of changes), and which ids the app does not have. */
export async function readFindings(
  ctx: Context,
  app: string,
  ids: readonly string[],
): Promise<{ found: Finding[]; unknown: string[] }> {
  const client = await ctx.client();
  const results = await mapLimit(ids, 8, async (id) => {
    try {
      return await client.call('ReadAppFinding', { path: { appID: app, findingID: id } });
    } catch (error) {
      if (error instanceof NotFoundError) return id;
      throw error;
    }
  });
  const found = results.filter((r): r is Finding => typeof r !== 'string');
  const unknown = results.filter((r): r is string => typeof r === 'string');
  if (unknown.length) ctx.warn(`app ${app} has no finding ${unknown.join(', ')}: left out`);
  if (!found.length) {
    throw new NotFoundError(`app ${app} has none of the findings given`, ExitCode.notFound, 404, undefined);
  }
  return { found, unknown };
}

/** What became of each finding of a bulk change. */
export type Outcome = 'done' | 'failed' | 'unknown' | 'not sent';

export interface BulkRun {
  outcomes: Map<string, Outcome>;
  /** The first failure: nothing was sent after it. */
  error: CliError | undefined;
}

/** A refusal (a 4xx but 408 and 429) applied nothing; anything else (a lost answer) may have. */
function refused(error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : undefined;
  return (
    error instanceof UsageError ||
    (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
  );
}

/**
 * Sends each group of ids (one request a group, `limit` at a time). After the first failure no group is
 * sent; those in flight finish. Each id ends done, failed, unknown or not sent, so a run that stops part-way
 * can say what changed and what did not.
 */
export async function applyGroups(
  groups: readonly string[][],
  limit: number,
  send: (group: string[]) => Promise<unknown>,
): Promise<BulkRun> {
  const outcomes = new Map<string, Outcome>(groups.flat().map((id) => [id, 'not sent']));
  let error: unknown;
  let next = 0;
  const worker = async () => {
    while (error === undefined && next < groups.length) {
      const group = groups[next++] as string[];
      try {
        await send(group);
        for (const id of group) outcomes.set(id, 'done');
      } catch (e) {
        error ??= e;
        for (const id of group) outcomes.set(id, refused(e) ? 'failed' : 'unknown');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, groups.length) }, worker));
  if (error !== undefined && !(error instanceof CliError)) throw error;
  return { outcomes, error: error as CliError | undefined };
}

/** The line that says how far a bulk change got before it stopped. */
export function stoppedNote(run: BulkRun, app: string, what: string): string {
  const of = (outcome: Outcome) => [...run.outcomes].filter(([, o]) => o === outcome).map(([id]) => id);
  const done = of('done');
  const parts = [`Stopped part-way: ${what} on ${done.length} of ${run.outcomes.size} findings of ${app}`];
  if (of('failed').length) parts.push(`refused: ${of('failed').join(', ')}`);
  if (of('unknown').length) parts.push(`answer lost (may have changed): ${of('unknown').join(', ')}`);
  if (of('not sent').length) parts.push(`not sent: ${of('not sent').join(', ')}`);
  return `${parts.join('; ')}.`;
}

/**
 * The rows of a bulk change: each finding before and after. A run that stopped part-way says what became of
 * each one, notes how far it got, and ends with its error; a single finding just ends with the error.
 */
export function changeResult(
  ctx: Context,
  found: readonly Finding[],
  run: BulkRun,
  change: { before: (f: Finding) => string; after: string; what: string; app: string; exitCode?: number },
): Result {
  const rows: FindingChange[] = found.map((f) => {
    const before = change.before(f);
    const result = run.outcomes.get(f.id) ?? 'not sent';
    if (result === 'done')
      return { id: f.id, title: f.title, before, after: change.after, changed: before !== change.after };
    if (result === 'unknown')
      return { id: f.id, title: f.title, before, after: `${change.after}?`, changed: undefined, result };
    return { id: f.id, title: f.title, before, after: before, changed: false, result };
  });
  if (!run.error) return { kind: 'list', rows, exitCode: change.exitCode };
  if (found.length === 1) throw run.error;
  ctx.note(stoppedNote(run, change.app, change.what));
  return { kind: 'list', rows, view: partialChangeView, error: run.error };
}
