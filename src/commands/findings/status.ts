import { changeView } from '../../output/views/findings.js';
import { choice, defineVerb, text } from '../define.js';
import { bulkChange } from '../../triage/bulk.js';
import { statusChange, statusChoices } from '../../triage/changes.js';
import {
  changeResult,
  findingIdsArg,
  planSelection,
  selectedIds,
  selectionOptions,
} from './internal/selection.js';

export default defineVerb({
  name: 'status',
  summary: 'Set the status of findings, by id or by query (each change also adds a comment)',
  description:
    'Set the status of findings given by id (of --app), or chosen by a query with the filters of ' +
    '`findings list` (--app or --compound, with --severity, --type, --category, --tag, --search, --status): ' +
    'the query chooses exactly what `findings list --all` lists with the same flags. --dry-run prints the ' +
    'findings and their status before and after, and sends nothing. A query choosing more than 20 findings ' +
    'asks first on a terminal and needs --yes in a script (no terminal, or CI set).\n\n' +
    'One finding uses the single-finding operation; several use the bulk operation in batches of 100 (a ' +
    'terminal shows the batches sent). --comment is attached to each status change (one request per ' +
    'finding). Before the first change is sent, a journal of what each finding was is written under the ' +
    'state directory ($SECSCAN_STATE_DIR, $XDG_STATE_HOME/secscan or ~/.local/state/secscan): ' +
    '`secscan findings undo` puts them back. Prints what changed; ids the app does not have are reported ' +
    '(exit 5).',
  examples: [
    'secscan findings status --app shiftleft-java-demo --severity low --set ignore --dry-run',
    'secscan findings status --app shiftleft-java-demo --severity low --set ignore --yes',
    'secscan findings status --app shiftleft-java-demo --set fixed --comment "fixed in #123" 12',
    'secscan findings status --app shiftleft-java-demo --set ignore 12 14 15',
    "secscan findings list --app shiftleft-java-demo --severity low -o json | jq '[.[].id]' | secscan findings status --app shiftleft-java-demo --set ignore --ids-from -",
  ],
  operations: [
    'ReadAppFinding',
    'SetAppFindingStatus',
    'SetAppMultipleFindingsStatus',
    'ListAppFindings',
    'ListCompoundFindings',
  ],
  args: [findingIdsArg],
  options: {
    set: choice('--set <status>', 'the status to set (none clears it)', statusChoices, {
      required: `one of ${statusChoices.join(', ')}`,
    }),
    comment: text('--comment <text>', 'the text of the comment the status change adds'),
    ...selectionOptions,
  },
  view: changeView,
  validate({ args: [ids], opts }) {
    return planSelection(ids, opts);
  },
  async run(ctx, { args: [args], opts, plan }) {
    const ids = await selectedIds(ctx, plan, args, opts.idsFrom);
    const change = statusChange(opts.set, opts.comment);
    return changeResult(await bulkChange(ctx, plan, { ids, dryRun: opts.dryRun }, change));
  },
});
