import { UsageError } from '../../errors.js';
import { changeView } from '../../output/views/findings.js';
import { defineVerb, flag, parsed } from '../define.js';
import { email } from '../parsers.js';
import { bulkChange, findingIdsArg, planSelection, selectionOptions } from './internal/bulk.js';
import { assigneeChange } from './internal/changes.js';

export default defineVerb({
  name: 'assign',
  summary: 'Assign findings to someone, or unassign them, by id or by query',
  description:
    'Assign findings given by id (of --app), or chosen by a query with the filters of `findings list` ' +
    '(--app or --compound, with --severity, --type, --category, --tag, --search, --status), to --to EMAIL, ' +
    'or unassign them (--none). --dry-run prints the findings and their assignee before and after, and ' +
    'sends nothing; a query choosing more than 20 findings asks first on a terminal and needs --yes in a ' +
    'script. A journal of what each finding was is written before the first change is sent: ' +
    '`secscan findings undo` puts them back.',
  examples: [
    'secscan findings assign --app shiftleft-java-demo --to dev@example.com 12 13',
    'secscan findings assign --app shiftleft-java-demo --none 12',
    'secscan findings assign --app shiftleft-java-demo --type oss_vuln --to dev@example.com --dry-run',
  ],
  operations: [
    'ReadAppFinding',
    'SetAppFindingAssignee',
    'SetAppMultipleFindingsAssignee',
    'ListAppFindings',
    'ListCompoundFindings',
  ],
  args: [findingIdsArg],
  options: {
    to: parsed('--to <email>', 'the assignee’s e-mail address', email(), { conflicts: ['none'] }),
    none: flag('--none', 'remove the assignee'),
    ...selectionOptions,
  },
  view: changeView,
  validate({ args: [ids], opts }) {
    if (opts.to === undefined && !opts.none) throw new UsageError('give --to EMAIL, or --none to unassign');
    return planSelection(ids, opts);
  },
  run(ctx, { args: [args], opts, plan }) {
    return bulkChange(
      ctx,
      plan,
      { args, idsFrom: opts.idsFrom, dryRun: opts.dryRun },
      assigneeChange(opts.none ? '' : (opts.to ?? '')),
    );
  },
});
