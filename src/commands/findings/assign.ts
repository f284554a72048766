import type { Context } from '../../context.js';
import { AuthError, notFoundError, UsageError } from '../../errors.js';
import { changeView } from '../../output/views/findings.js';
import { defineVerb, flag, parsed } from '../define.js';
import { email } from '../parsers.js';
import { bulkChange } from '../../triage/bulk.js';
import { assigneeChange } from '../../triage/changes.js';
import {
  changeResult,
  findingIdsArg,
  planSelection,
  selectedIds,
  selectionOptions,
} from './internal/selection.js';

export default defineVerb({
  name: 'assign',
  summary: 'Assign findings to someone, or unassign them, by id or by query',
  description:
    'Assign findings given by id (of --app), or chosen by a query with the filters of `findings list` ' +
    '(--app or --compound, with --severity, --type, --category, --tag, --search, --status), to --to EMAIL, ' +
    'or unassign them (--none).\n\n--dry-run prints the findings and their assignee before and after, and ' +
    'sends nothing; a query choosing more than 20 findings asks first on a terminal and needs --yes in a ' +
    'script. --to must name a user of the organization (looked up before anything is written: an unknown ' +
    'address is exit 5), unless --allow-unknown. A journal of what each finding was is written before the ' +
    'first change is sent: `secscan findings undo` puts them back.',
  examples: [
    'secscan findings assign --app shiftleft-java-demo --to dev@example.com 12 13',
    'secscan findings assign --app shiftleft-java-demo --none 12',
    'secscan findings assign --app shiftleft-java-demo --type oss_vuln --to dev@example.com --dry-run',
  ],
  operations: [
    'ListOrgRBACUsers',
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
    allowUnknown: flag(
      '--allow-unknown',
      'assign to --to even when no user of the organization has that address (not looked up)',
      { conflicts: ['none'] },
    ),
    ...selectionOptions,
  },
  view: changeView,
  validate({ args: [ids], opts }) {
    if (opts.to === undefined && !opts.none) throw new UsageError('give --to EMAIL, or --none to unassign');
    return planSelection(ids, opts);
  },
  async run(ctx, { args: [args], opts, plan }) {
    if (opts.to !== undefined && !opts.allowUnknown) await knownAssignee(ctx, opts.to);
    const ids = await selectedIds(ctx, plan, args, opts.idsFrom);
    const change = assigneeChange(opts.none ? '' : (opts.to ?? ''));
    return changeResult(await bulkChange(ctx, plan, { ids, dryRun: opts.dryRun }, change));
  },
});

/**
 * The assignee is a user of the organization: looked up (one ListOrgRBACUsers request) before anything is
 * written, since the service takes any address and the findings would go to nobody (exit 5 naming it).
 */
async function knownAssignee(ctx: Context, to: string): Promise<void> {
  const client = await ctx.client();
  const { lookupUsers } = await import('../shared/users.js');
  let unknown: string[];
  try {
    ({ unknown } = await lookupUsers(client, [to]));
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    throw new AuthError(
      error.message,
      error.exitCode,
      error.status ?? 403,
      error.body,
      'the token cannot list users to check --to (org_user:list): pass --allow-unknown to assign without checking',
    );
  }
  if (unknown.length) {
    throw notFoundError(
      `no user of the organization has the e-mail ${to}: nothing was assigned`,
      `see \`secscan users list --email ${to}\`, or pass --allow-unknown to assign to it all the same`,
    );
  }
}
