import type { Context } from '../../context.js';
import { join } from 'node:path';
import { ConfigError, UsageError } from '../../errors.js';
import { changeViewFor } from '../../output/views/findings.js';
import { type JournalRow, journalView } from '../../output/views/journals.js';
import { defineVerb, flag, optionalArg } from '../define.js';
import {
  type JournalFile,
  journalDir,
  journalPath,
  listJournals,
  readJournal,
  type SkippedJournal,
  unreadableLatest,
} from '../../triage/journal.js';
import { undoJournal } from '../../triage/undo.js';
import { changeResult } from './internal/selection.js';

/** The journals of the service and organization of the settings, newest first, and the files not read. */
async function journalsHere(ctx: Context): Promise<{ here: JournalFile[]; skipped: SkippedJournal[] }> {
  const client = await ctx.client();
  const { journals, skipped } = await listJournals(journalDir(ctx.env));
  const here = journals.filter((f) => f.journal.service === client.origin && f.journal.org === client.orgId);
  return { here, skipped };
}

function warnSkipped(ctx: Context, skipped: readonly SkippedJournal[]): void {
  if (skipped.length) {
    ctx.warn(
      `${journalDir(ctx.env)}: not journals of secscan, left out: ${skipped.map((s) => s.name).join(', ')}`,
    );
  }
}

/**
 * The latest journal of these settings. A journal file newer than it that cannot be read (cut short, empty,
 * of a newer format) may be the latest change: the undo refuses (exit 3) rather than reverse an older one.
 */
async function latestJournal(ctx: Context): Promise<JournalFile> {
  const client = await ctx.client();
  const { here, skipped } = await journalsHere(ctx);
  const latest = here[0];
  const unreadable = unreadableLatest(skipped, latest);
  if (unreadable) {
    throw new ConfigError(
      `the latest journal, ${join(journalDir(ctx.env), unreadable.name)}, cannot be read (${unreadable.error.message}); nothing was undone`,
      {
        hint: 'undo an older change by naming its journal (`secscan findings undo --list`), once this file is repaired or moved away',
      },
    );
  }
  warnSkipped(ctx, skipped);
  if (!latest) {
    throw new UsageError(`no journal of a bulk change for organization ${client.orgId} at ${client.origin}`, {
      hint: `journals are kept in ${journalDir(ctx.env)}`,
    });
  }
  return latest;
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
    'of the settings.\n\nA finding someone changed since (it no longer reads what the change set) is reported ' +
    'and left alone, unless --force. The journal records the undo: a second undo does nothing. When the ' +
    'latest journal cannot be read (cut short, empty, of a newer secscan), the undo refuses (exit 3) and ' +
    'changes nothing, rather than reverse an older change. --list ' +
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
    if (opts.list) {
      const { here, skipped } = await journalsHere(ctx);
      warnSkipped(ctx, skipped);
      return { kind: 'list', rows: here.map(journalRow) };
    }
    const client = await ctx.client();
    let file: JournalFile;
    if (ref === undefined) {
      file = await latestJournal(ctx);
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
    return changeResult(
      await undoJournal(ctx, file, { force: Boolean(opts.force), dryRun: Boolean(opts.dryRun) }),
    );
  },
});
