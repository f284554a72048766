import type { Finding } from '@secscan/api/schemas/findings';
import { type CliError, ExitCode, NotFoundError } from '../errors.js';
import type { EngineContext } from '../factory.js';
import { mapLimit } from '../util/batches.js';
import type { BulkRun, Outcome } from './apply.js';

/** The bulk operations take at most this many findings a request. */
export const batchSize = 100;

/** What a status or assignee change did to each finding. */
export type FindingChange = {
  app?: string | undefined;
  id: string;
  title: string | undefined;
  before: string | undefined;
  after: string;
  /** undefined: the answer was lost, nobody knows. */
  changed: boolean | undefined;
  /**
   * done; or, when a run stopped part-way, failed (refused), unknown (answer lost) or not sent; an undo also
   * says which findings it left alone and why.
   */
  result?: string;
};

/**
 * What a bulk change (or an undo) did: a row for each finding, and how the run ended. The verb shows the
 * rows; `apps` and `partial` say which columns matter (the APP of each, the RESULT of each).
 */
export interface ChangeOutcome {
  rows: FindingChange[];
  /** The findings are of several apps. */
  apps: boolean;
  /** The run stopped part-way, or an undo left some alone: each row says what became of its finding. */
  partial: boolean;
  exitCode?: number | undefined;
  /** A run that stopped part-way: the rows say what was done, then this error decides the exit. */
  error?: CliError | undefined;
  /** The journal of a change that was sent (its id names it to `findings undo`). */
  journal?: string | undefined;
}

/** Reads each finding first: what it was (for the report of changes), and which ids the app does not have. */
export async function readFindings(
  ctx: EngineContext,
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

/** The line that says how far a bulk change got before it stopped (`where`: an app, or a compound). */
export function stoppedNote<T>(
  run: BulkRun<T>,
  where: string,
  what: string,
  label: (item: T) => string = String,
): string {
  const of = (outcome: Outcome) =>
    [...run.outcomes].filter(([, o]) => o === outcome).map(([item]) => label(item));
  const done = of('done');
  const parts = [`Stopped part-way: ${what} on ${done.length} of ${run.outcomes.size} findings of ${where}`];
  if (of('failed').length) parts.push(`refused: ${of('failed').join(', ')}`);
  if (of('unknown').length) parts.push(`answer lost (may have changed): ${of('unknown').join(', ')}`);
  if (of('not sent').length) parts.push(`not sent: ${of('not sent').join(', ')}`);
  return `${parts.join('; ')}.`;
}

/** A finding a change is about: what it was, and what it is to become. */
export interface Planned {
  finding: Finding;
  before: string;
  after: string;
}

/** A finding's row in the table of a change, by what became of it. */
export function changeRow({ finding: f, before, after }: Planned, outcome: Outcome): FindingChange {
  const base = { app: f.app, id: f.id, title: f.title, before };
  if (outcome === 'done') return { ...base, after, changed: before !== after };
  if (outcome === 'unknown') return { ...base, after: `${after}?`, changed: undefined, result: outcome };
  return { ...base, after: before, changed: false, result: outcome };
}

/**
 * The rows of a bulk change: each finding before and after. A run that stopped part-way says what became of
 * each one, notes how far it got, and ends with its error; a single finding just ends with the error.
 */
export function changeOutcome(
  ctx: EngineContext,
  planned: readonly Planned[],
  run: BulkRun<Finding>,
  change: { what: string; where: string; exitCode?: number | undefined },
): ChangeOutcome {
  const rows = planned.map((p) => changeRow(p, run.outcomes.get(p.finding) ?? 'not sent'));
  const apps = new Set(planned.map((p) => p.finding.app)).size > 1;
  if (!run.error) return { rows, apps, partial: false, exitCode: change.exitCode };
  if (planned.length === 1) throw run.error;
  const label = (f: Finding) => (apps ? `${f.app}/${f.id}` : f.id);
  ctx.note(stoppedNote(run, change.where, change.what, label));
  return { rows, apps, partial: true, error: run.error };
}
