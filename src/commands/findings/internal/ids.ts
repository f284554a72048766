import type { Finding } from '@secscan/api/schemas/findings';
import type { Context } from '../../../context.js';
import type { Result } from '../../../output/result.js';
import { type FindingChange, partialChangeView } from '../../../output/views/findings.js';
import { ExitCode, NotFoundError } from '../../../errors.js';
import { text } from '../../define.js';
import type { BulkRun, Outcome } from '../../shared/bulk.js';
import { mapLimit } from '../../../util/batches.js';

export { chunks, mapLimit } from '../../../util/batches.js';
export { applyGroups, type BulkRun, type Outcome } from '../../shared/bulk.js';
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
