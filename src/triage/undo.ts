import type { Finding } from '@secscan/api/schemas/findings';
import { NotFoundError } from '../errors.js';
import type { EngineContext } from '../factory.js';
import { countSteps } from '../streams/counter.js';
import { chunks } from '../util/batches.js';
import { applyGroups, type Outcome } from './apply.js';
import { type Change, restoring, valueOf } from './changes.js';
import {
  batchSize,
  type ChangeOutcome,
  changeRow,
  type FindingChange,
  readFindings,
  stoppedNote,
} from './ids.js';
import type { JournalEntry, JournalFile } from './journal.js';

/** What an undo does with a finding of the journal. */
type Step =
  | { entry: JournalEntry; action: 'gone' }
  | {
      entry: JournalEntry;
      finding: Finding;
      now: string;
      action: 'as before' | 'changed since' | 'cannot restore';
    }
  | { entry: JournalEntry; finding: Finding; now: string; action: 'restore'; change: Change };

/** An undo settles these for good: the next one leaves them be (a status no request sets stays as it is). */
const settled = new Set<JournalEntry['restored']>(['done', 'gone', 'cannot restore']);

/**
 * The findings of the journal that the change may have reached (its answer arrived, was lost, or never came
 * because the run died) and no undo has put back yet.
 */
function candidates(file: JournalFile): JournalEntry[] {
  return file.journal.findings.filter(
    (e) =>
      (e.result === 'done' || e.result === 'unknown' || e.result === 'pending') && !settled.has(e.restored),
  );
}

/** What each finding reads now, by app (a finding the app no longer has is missing). */
async function readNow(
  ctx: EngineContext,
  entries: readonly JournalEntry[],
): Promise<Map<JournalEntry, Finding>> {
  const now = new Map<JournalEntry, Finding>();
  const apps = [...new Set(entries.map((e) => e.app))];
  for (const app of apps) {
    const of = entries.filter((e) => e.app === app);
    let found: Finding[] = [];
    try {
      ({ found } = await ctx.spin('Reading the findings', () =>
        readFindings(
          ctx,
          app,
          of.map((e) => e.id),
        ),
      ));
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
    const byId = new Map(found.map((f) => [f.id, f]));
    for (const entry of of) {
      const finding = byId.get(entry.id);
      if (finding) now.set(entry, finding);
    }
  }
  return now;
}

/** The steps: put back what still reads as the change left it (or anything, with --force). */
function plan(
  file: JournalFile,
  entries: readonly JournalEntry[],
  now: Map<JournalEntry, Finding>,
  force: boolean,
): Step[] {
  const { field, after } = file.journal.change;
  return entries.map((entry): Step => {
    const finding = now.get(entry);
    if (!finding) return { entry, action: 'gone' };
    const value = valueOf(field, finding);
    const before = entry[field];
    if (value === before) return { entry, finding, now: value, action: 'as before' };
    if (value !== after && !force) return { entry, finding, now: value, action: 'changed since' };
    const change = restoring(field, before);
    if (!change) return { entry, finding, now: value, action: 'cannot restore' };
    return { entry, finding, now: value, action: 'restore', change };
  });
}

/** A finding's row: what it reads now, what the undo makes (or would make) it, and what became of it. */
function row(step: Step, outcome: Outcome | undefined): FindingChange {
  const { entry } = step;
  if (step.action === 'gone') {
    return {
      app: entry.app,
      id: entry.id,
      title: undefined,
      before: '',
      after: '',
      changed: false,
      result: 'gone',
    };
  }
  const base = { finding: step.finding, before: step.now };
  if (step.action === 'restore') {
    const planned = { ...base, after: step.change.after };
    return { ...changeRow(planned, outcome ?? 'done'), result: outcome ?? 'would put back' };
  }
  const result =
    step.action === 'as before'
      ? 'already as before'
      : step.action === 'changed since'
        ? 'changed since: left alone'
        : `cannot restore ${entry.status}`;
  return { ...changeRow({ ...base, after: step.now }, 'done'), result };
}

const plural = (n: number) => `${n} finding${n === 1 ? '' : 's'}`;

/**
 * Puts back what a bulk change set, from its journal: each finding that still reads as the change left it
 * (with --force, whatever it reads now); one changed since by someone else is reported and left alone. The
 * journal records what the undo did, so a second undo does nothing.
 */
export async function undoJournal(
  ctx: EngineContext,
  file: JournalFile,
  opts: { force: boolean; dryRun: boolean },
): Promise<ChangeOutcome> {
  const journal = file.journal;
  const { where } = journal.change;
  const of = { apps: new Set(journal.findings.map((e) => e.app)).size > 1, partial: true };
  const entries = candidates(file);
  if (journal.state === 'undone' || !entries.length) {
    ctx.note(
      journal.state === 'undone'
        ? `Journal ${journal.id} was undone${journal.undone ? ` on ${journal.undone}` : ''}: nothing to do.`
        : `Nothing of journal ${journal.id} is left to put back.`,
    );
    return { rows: [], ...of };
  }
  const now = await readNow(ctx, entries);
  const steps = plan(file, entries, now, opts.force);
  const restores = steps.filter((s): s is Extract<Step, { action: 'restore' }> => s.action === 'restore');
  const changedSince = steps.filter((s) => s.action === 'changed since').length;
  const leftAlone = changedSince
    ? `${plural(changedSince)} changed since the change: left alone; \`secscan findings undo ${journal.id} --force\` puts ${changedSince === 1 ? 'it' : 'them'} back too`
    : '';
  if (opts.dryRun) {
    ctx.note(`Dry run: ${plural(restores.length)} of ${where} would be put back; nothing was sent.`);
    if (leftAlone) ctx.warn(leftAlone);
    return { rows: steps.map((s) => row(s, undefined)), ...of };
  }
  const client = await ctx.client();
  const groups = restoreGroups(restores);
  const outcomes = new Map<Step, Outcome>();
  const progress = groups.length > 1 ? countSteps(ctx, 'Putting back', groups.length, 'batches') : undefined;
  let done = 0;
  const send = (group: typeof restores) => {
    const first = group[0] as (typeof restores)[number];
    const ids = group.map((s) => s.entry.id);
    return first.change.send(client, first.entry.app, ids, first.change.single(group.length));
  };
  const record = (group: typeof restores, outcome: Outcome) => {
    for (const step of group) {
      outcomes.set(step, outcome);
      if (outcome === 'done' || outcome === 'failed' || outcome === 'unknown') step.entry.restored = outcome;
    }
    progress?.update(++done);
    void file.save().catch(() => undefined);
  };
  let run;
  try {
    const apply = () => applyGroups(groups, 1, send, record);
    run = progress || !groups.length ? await apply() : await ctx.spin('Putting back', apply);
  } finally {
    progress?.done();
  }
  for (const step of steps) {
    if (step.action === 'as before') step.entry.restored = 'done';
    else if (step.action !== 'restore') step.entry.restored = step.action;
  }
  const finished = candidates(file).length === 0;
  journal.state = finished ? 'undone' : 'partly undone';
  if (finished) journal.undone = new Date().toISOString();
  await file.save().catch((error: NodeJS.ErrnoException) => {
    ctx.warn(`could not update the journal ${file.path}: ${error.code ?? error}`);
  });
  const rows = steps.map((s) => row(s, s.action === 'restore' ? (outcomes.get(s) ?? 'not sent') : undefined));
  if (run.error) {
    ctx.note(stoppedNote(run, where, 'undone', (s) => s.entry.id));
    return { rows, ...of, error: run.error };
  }
  ctx.note(`Put back ${plural(restores.length)} of ${where} (journal ${journal.id}).`);
  if (leftAlone) ctx.warn(leftAlone);
  return { rows, ...of };
}

/** Batches of up to 100 findings of one app put back to one value. */
function restoreGroups<S extends { entry: JournalEntry; change: Change }>(steps: readonly S[]): S[][] {
  const byTarget = new Map<string, S[]>();
  for (const step of steps) {
    const key = `${step.entry.app}\u0000${step.change.value}`;
    const group = byTarget.get(key);
    if (group) group.push(step);
    else byTarget.set(key, [step]);
  }
  return [...byTarget.values()].flatMap((group) => chunks(group, batchSize));
}
