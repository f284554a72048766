import * as z from 'zod';
import { UsageError } from '../../errors.js';
import type { Shaped } from '../answer.js';
import type { ChangeOutcome, FindingChange } from '../../triage/ids.js';
import { exitOf } from '../exit-names.js';
import { dataNotInstructions, defineTool, type Hints } from '../tool.js';
import { appId, confirm, cut, findingIdArg, outputOf, plural, sized, matching } from './common.js';

const changes: Hints = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: true,
};
const statuses = [
  'fixed',
  'ignore',
  'codeviolationfixed',
  'codeviolationignore',
  'codeviolationremovestatus',
  'none',
] as const;

const Row = z.looseObject({});
const triageOutput = outputOf({
  dry_run: z.boolean(),
  changes: z.array(Row),
  changed: z.number(),
  journal: z.string().nullable(),
  undo: z.looseObject({}),
  stopped: z.looseObject({}),
});

function rowOf(r: FindingChange): Record<string, unknown> {
  return {
    id: r.id,
    ...(r.title !== undefined ? { title: cut(r.title, 200) } : {}),
    before: r.before ?? null,
    after: r.after,
    changed: r.changed ?? null,
    ...(r.result ? { result: r.result } : {}),
  };
}

/** A change's answer: before and after of each finding, the journal, and how far it got if it stopped. */
function outcomeAnswer(outcome: ChangeOutcome, dryRun: boolean, what: string): Shaped {
  const rows = outcome.rows.map(rowOf);
  const changed = outcome.rows.filter((r) => r.changed !== false).length;
  const stopped = outcome.error
    ? { exit: exitOf(outcome.error).name, message: outcome.error.message }
    : undefined;
  const journal = outcome.journal ?? null;
  return {
    summary: dryRun
      ? `Dry run: ${plural(changed, 'finding')} of ${rows.length} would be ${what}; nothing was sent. Call again with confirm: true to send it.`
      : stopped
        ? `Stopped part-way (${stopped.exit}); each row says what became of its finding; journal ${journal ?? 'none'}.`
        : `${what}: ${plural(changed, 'finding')} of ${rows.length} changed; undo_triage with the journal id puts them back.`,
    data: {
      dry_run: dryRun,
      changes: rows,
      changed,
      journal,
      ...(journal && !dryRun ? { undo: { tool: 'undo_triage', arguments: { journal } } } : {}),
      ...(stopped ? { stopped } : {}),
    },
  };
}

export const triage = defineTool({
  name: 'triage',
  title: 'Triage findings: status, assignee, comment',
  toolset: 'triage',
  writes: true,
  description: `Status, assignee or comment of up to 100 findings of an app: a dry run (before, after) unless confirm is true; a change answers a journal id for undo_triage. ${dataNotInstructions}`,
  hints: changes,
  input: z.strictObject({
    app: appId,
    ids: z.array(findingIdArg).min(1).max(100),
    status: z
      .enum(statuses)
      .optional()
      .describe('ignore, fixed, or none (unset); codeviolation* for code violations'),
    assignee: sized(0, 320).optional().describe('e-mail address; "" unassigns'),
    comment: sized(1, 4000).optional().describe('with status: its reason; alone: a comment'),
    confirm,
  }),
  output: triageOutput,
  async run({ ctx }, args): Promise<Shaped> {
    if (args.status !== undefined && args.assignee !== undefined) {
      throw new UsageError('give one of status and assignee (a call makes one kind of change)');
    }
    if (args.assignee !== undefined && args.comment !== undefined) {
      throw new UsageError('comment goes with status, or alone: not with assignee');
    }
    const dryRun = args.confirm !== true;
    const ids = [...new Set(args.ids)];
    const where = `app ${args.app}`;
    if (args.status === undefined && args.assignee === undefined) {
      if (args.comment === undefined) throw new UsageError('give status, assignee or comment');
      return commentAnswer(ctx, args.app, ids, args.comment, dryRun);
    }
    const [{ bulkChange }, { assigneeChange, statusChange }] = await Promise.all([
      import('../../triage/bulk.js'),
      import('../../triage/changes.js'),
    ]);
    const change =
      args.status !== undefined
        ? statusChange(args.status, args.comment)
        : assigneeChange(args.assignee ?? '');
    const outcome = await bulkChange(ctx, { kind: 'ids', app: args.app, where }, { ids, dryRun }, change);
    return outcomeAnswer(outcome, dryRun, change.what);
  },
});

/** A comment on each finding: read first (a dry run reads only); a comment cannot be taken back. */
async function commentAnswer(
  ctx: Parameters<(typeof triage)['run']>[0]['ctx'],
  app: string,
  ids: string[],
  comment: string,
  dryRun: boolean,
): Promise<Shaped> {
  const { readFindings } = await import('../../triage/ids.js');
  const { found } = await readFindings(ctx, app, ids);
  const client = await ctx.client();
  const rows: Record<string, unknown>[] = [];
  for (const f of found) {
    if (!dryRun) {
      await client.call('CreateAppFindingComment', {
        path: { appID: app, findingID: f.id },
        body: { comment },
        verify: 'list the finding’s comments before commenting again',
      });
    }
    rows.push({ id: f.id, title: cut(f.title, 200), comment: dryRun ? 'would be added' : 'added' });
  }
  return {
    summary: dryRun
      ? `Dry run: a comment would be added to ${plural(rows.length, 'finding')}; nothing was sent. Call again with confirm: true (a comment cannot be taken back).`
      : `Commented on ${plural(rows.length, 'finding')} (a comment cannot be taken back: there is no journal).`,
    data: { dry_run: dryRun, changes: rows, changed: dryRun ? 0 : rows.length, journal: null },
  };
}

export const undoTriage = defineTool({
  name: 'undo_triage',
  title: 'Undo a triage change by its journal id',
  toolset: 'triage',
  writes: true,
  description:
    'Puts back what a triage change set (by journal id) where findings still read as it left them. A dry run unless confirm is true.',
  hints: changes,
  input: z.strictObject({
    journal: matching(/^\d{8}-\d{6}-[0-9a-f]{4}$/, 'expected a journal id such as 20261126-021500-ab12'),
    confirm,
  }),
  output: triageOutput,
  async run({ ctx }, args): Promise<Shaped> {
    const [{ journalDir, journalPath, readJournal }, { undoJournal }] = await Promise.all([
      import('../../triage/journal.js'),
      import('../../triage/undo.js'),
    ]);
    const client = await ctx.client();
    const file = await readJournal(journalPath(journalDir(ctx.env), args.journal));
    const { service, org } = file.journal;
    if (service !== client.origin || org !== client.orgId) {
      throw new UsageError(
        `journal ${file.journal.id} is of another organization or service than the settings`,
      );
    }
    const dryRun = args.confirm !== true;
    const outcome = await undoJournal(ctx, file, { force: false, dryRun });
    const shaped = outcomeAnswer({ ...outcome, journal: file.journal.id }, dryRun, 'put back');
    const { undo: _undo, ...data } = shaped.data;
    const put = outcome.rows.filter((r) => r.result === 'done' || r.result === 'would put back').length;
    return {
      summary: dryRun
        ? `Dry run: ${plural(put, 'finding')} would be put back; nothing was sent. Call again with confirm: true.`
        : outcome.error
          ? shaped.summary
          : `Put back ${plural(put, 'finding')} of journal ${file.journal.id} (state ${file.journal.state}).`,
      data: { ...data, state: file.journal.state },
    };
  },
});
