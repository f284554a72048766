import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { changeViewFor } from '../../output/views/findings.js';
import { type JournalRow, journalView } from '../../output/views/journals.js';
import { defineVerb, flag, optionalArg } from '../define.js';
import { type JournalFile, journalDir, journalPath, listJournals, readJournal } from './internal/journal.js';
import { undoJournal } from './internal/restore.js';

/** The journals of the service and organization of the settings, newest first. */
async function journalsHere(ctx: Context): Promise<JournalFile[]> {
  const client = await ctx.client();
  const dir = journalDir(ctx.env);
  const { journals, skipped } = await listJournals(dir);
  if (skipped.length) ctx.warn(`${dir}: not journals of secscan, left out: ${skipped.join(', ')}`);
  return journals.filter((f) => f.journal.service === client.origin && f.journal.org === client.orgId);
}

function journalRow({ path, journal }: JournalFile): JournalRow {
  const { field, after } = journal.change;
  return {
    id: journal.id,
    created: journal.created,
    change: `${field} -> ${after || '(none)'}`,
    where: journal.change.where,
    findings: journal.findings.length,
    applied: journal.findings.filter((e) => e.result === 'done').length,
    state: journal.state,
    undone: journal.undone,
    profile: journal.profile,
    path,
  };
}

export default defineVerb({
  name: 'undo',
  summary: 'Put back the statuses or assignees a bulk change set, from its journal',
  description:
    'Every `findings status` and `findings assign` writes a journal of what each finding was before ' +
    '(under $SECSCAN_STATE_DIR, $XDG_STATE_HOME/secscan or ~/.local/state/secscan). `findings undo` puts ' +
    'back the statuses or assignees of a journal: by default the latest of the service and organization ' +
    'of the settings. A finding someone changed since (it no longer reads what the change set) is reported ' +
    'and left alone, unless --force. The journal records the undo: a second undo does nothing. --list ' +
    'shows the journals, newest first.',
  examples: [
    'secscan findings undo --list',
    'secscan findings undo --dry-run',
    'secscan findings undo',
    'secscan findings undo 20261126-021500-ab12 --force',
  ],
  operations: [
    'ReadAppFinding',
    'SetAppFindingStatus',
    'SetAppMultipleFindingsStatus',
    'SetAppFindingAssignee',
    'SetAppMultipleFindingsAssignee',
  ],
  args: [
    optionalArg('journal', 'the journal: its id (see --list) or its file; default the latest one', {
      complete: 'file',
    }),
  ],
  options: {
    list: flag('--list', 'list the journals of this organization, newest first', {
      conflicts: ['force', 'dryRun'],
    }),
    force: flag('--force', 'also put back findings someone changed since the change'),
    dryRun: flag('--dry-run', 'print what would be put back; send nothing'),
  },
  view: (opts) => (opts.list ? journalView : changeViewFor({ apps: false, partial: true })),
  validate({ args: [journal], opts }) {
    if (opts.list && journal !== undefined) throw new UsageError('--list takes no journal');
  },
  async run(ctx, { args: [ref], opts }) {
    if (opts.list) return { kind: 'list', rows: (await journalsHere(ctx)).map(journalRow) };
    const client = await ctx.client();
    let file: JournalFile;
    if (ref === undefined) {
      const latest = (await journalsHere(ctx))[0];
      if (!latest) {
        throw new UsageError(
          `no journal of a bulk change for organization ${client.orgId} at ${client.origin}`,
          {
            hint: `journals are kept in ${journalDir(ctx.env)}`,
          },
        );
      }
      file = latest;
    } else {
      file = await readJournal(journalPath(journalDir(ctx.env), ref));
      const { service, org } = file.journal;
      if (service !== client.origin || org !== client.orgId) {
        throw new UsageError(
          `journal ${file.journal.id} is of organization ${org} at ${service}; the settings name ${client.orgId} at ${client.origin}`,
          { hint: 'pass --profile, --base-url or --org to name that one' },
        );
      }
    }
    return undoJournal(ctx, file, { force: Boolean(opts.force), dryRun: Boolean(opts.dryRun) });
  },
});
