import type { Finding } from '@secscan/api/schemas/findings';
import { ExitCode, UsageError } from '../errors.js';
import type { EngineContext } from '../factory.js';
import { countSteps } from '../streams/counter.js';
import { chunks } from '../util/batches.js';
import { applyGroups } from './apply.js';
import { type Change, valueOf } from './changes.js';
import {
  batchSize,
  type ChangeOutcome,
  changeOutcome,
  changeRow,
  type Planned,
  readFindings,
} from './ids.js';
import { JournalFile, journalDir, newJournal } from './journal.js';
import { findingsOf, type ListPlan } from './listing.js';

/** A change by query to more findings than this asks first (on a terminal), or needs --yes (in a script). */
export const confirmAbove = 20;

/** The findings a bulk change is about: ids of an app, or what a query of `findings list` lists (--all). */
export type Selection =
  { kind: 'ids'; app: string; where: string } | { kind: 'query'; plan: ListPlan; where: string };

async function select(
  ctx: EngineContext,
  selection: Selection,
  ids: readonly string[],
): Promise<{ found: Finding[]; unknown: string[] }> {
  if (selection.kind === 'ids') {
    const read = await ctx.spin('Reading the findings', () => readFindings(ctx, selection.app, ids));
    // The changes go to the app the ids were given for, whatever a finding's own field says.
    return { ...read, found: read.found.map((f) => ({ ...f, app: selection.app })) };
  }
  const found: Finding[] = [];
  const info = { shown: 0, total: undefined, more: false };
  await ctx.spin('Reading the findings', async () => {
    for await (const finding of findingsOf(ctx, selection.plan, info)) {
      // At app level, too, the app is the one asked for.
      found.push(selection.plan.level === 'app' ? { ...finding, app: selection.plan.app } : finding);
    }
  });
  return { found, unknown: [] };
}

/** Above the threshold a change by query is confirmed: asked on a terminal, --yes in a script. */
async function confirmBulk(ctx: EngineContext, question: string): Promise<void> {
  if (ctx.globals.yes) return;
  if (!ctx.interactive) {
    throw new UsageError(
      `${question.replace(/\?$/, '')}: more than ${confirmAbove} findings need a confirmation`,
      { hint: 'pass --yes to change them without a prompt, or --dry-run to see them first' },
    );
  }
  await ctx.confirm(question);
}

/** The journal of this change, written before anything is sent. */
async function openJournal(ctx: EngineContext, change: Change, where: string, planned: readonly Planned[]) {
  const settings = await ctx.settings();
  const client = await ctx.client();
  const journal = newJournal({
    service: client.origin,
    org: client.orgId as string,
    ...(settings.profileExists ? { profile: settings.profile.value } : {}),
    change: { field: change.field, value: change.value, after: change.after, where },
    findings: planned.map(({ finding: f }) => ({
      app: f.app,
      id: f.id,
      status: valueOf('status', f),
      assignee: valueOf('assignee', f),
      result: 'pending' as const,
    })),
  });
  return JournalFile.create(journalDir(ctx.env), journal);
}

/**
 * A status or assignee change of findings chosen by ids or by query: read them, print them (--dry-run), ask
 * (above the threshold), journal what they were, then send in batches of 100 of one app, counting batches on
 * a terminal. Returns the rows of each finding before and after.
 */
export async function bulkChange(
  ctx: EngineContext,
  selection: Selection,
  input: { ids: readonly string[]; dryRun: boolean | undefined },
  change: Change,
): Promise<ChangeOutcome> {
  const { found, unknown } = await select(ctx, selection, input.ids);
  const { where } = selection;
  const apps = new Set(found.map((f) => f.app)).size > 1;
  if (!found.length) {
    ctx.note(`No findings of ${where} match: nothing to change.`);
    return { rows: [], apps, partial: false };
  }
  const planned: Planned[] = found.map((f) => ({
    finding: f,
    before: valueOf(change.field, f),
    after: change.after,
  }));
  const changing = planned.filter((p) => p.before !== p.after).length;
  const exitCode = unknown.length ? ExitCode.notFound : undefined;
  if (input.dryRun) {
    const of = `${found.length} finding${found.length === 1 ? '' : 's'} of ${where}`;
    ctx.note(`Dry run: ${of}; ${changing} would be ${change.what}. Nothing was sent.`);
    return { rows: planned.map((p) => changeRow(p, 'done')), apps, partial: false, exitCode };
  }
  if (selection.kind === 'query' && found.length > confirmAbove) {
    await confirmBulk(ctx, change.question(found.length, where));
  }
  const file = await openJournal(ctx, change, where, planned);
  const client = await ctx.client();
  const single = change.single(found.length);
  const groups = single ? found.map((f) => [f]) : byApp(found).flatMap((of) => chunks(of, batchSize));
  const entries = new Map(found.map((f, i) => [f, file.journal.findings[i]]));
  const label = `Setting the ${change.field}`;
  const unit = single ? 'findings' : 'batches';
  const progress = groups.length > 1 ? countSteps(ctx, label, groups.length, unit) : undefined;
  let settled = 0;
  const send = (group: Finding[]) =>
    change.send(
      client,
      (group[0] as Finding).app,
      group.map((f) => f.id),
      single,
    );
  const apply = () =>
    applyGroups(groups, single ? 4 : 1, send, (group, outcome) => {
      for (const f of group) {
        const entry = entries.get(f);
        if (entry) entry.result = outcome;
      }
      progress?.update(++settled);
      void file.save().catch(() => undefined);
    });
  let run;
  try {
    run = progress ? await apply() : await ctx.spin(label, apply);
  } finally {
    progress?.done();
  }
  for (const [f, outcome] of run.outcomes) {
    const entry = entries.get(f);
    if (entry) entry.result = outcome;
  }
  file.journal.state = run.error ? 'partial' : 'done';
  await saveFinal(ctx, file);
  if (!run.error) ctx.note(change.summary(found.length, changing, where));
  try {
    return {
      ...changeOutcome(ctx, planned, run, { what: change.what, where, exitCode }),
      journal: file.journal.id,
    };
  } finally {
    ctx.note(`Journal ${file.journal.id}: \`secscan findings undo\` puts back what changed.`);
  }
}

/** The last write of the journal: a failure now is a warning (the change is done; undo reads what it can). */
async function saveFinal(ctx: EngineContext, file: JournalFile): Promise<void> {
  try {
    await file.save();
  } catch (error) {
    ctx.warn(`could not update the journal ${file.path}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

/** Findings grouped by app, in the order they came. */
function byApp(findings: readonly Finding[]): Finding[][] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const group = groups.get(f.app);
    if (group) group.push(f);
    else groups.set(f.app, [f]);
  }
  return [...groups.values()];
}
