import { UsageError } from '../../errors.js';
import { findingView } from '../../output/views/findings.js';
import { defineVerb } from '../define.js';
import { options } from './internal/list-options.js';
import { findingsOf, type PageInfo } from './internal/listing.js';
import { planList } from './internal/query.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List findings of an app, a compound or the organization',
  description:
    'List findings of an app (--app), a compound (--compound), or the whole organization (--org, or neither) ' +
    '(the latest default-branch scan of each app; --org UUID also names another organization). ' +
    'The same flags mean the same thing at every level; secscan maps them to each operation’s parameters. ' +
    'Without --all or --limit one page is fetched. -o ndjson, csv and sarif stream as pages arrive.',
  examples: [
    'secscan findings list --app shiftleft-java-demo --severity critical --severity high',
    'secscan findings list --compound shop --finding-tag cvss_score__gte__7 --sort severity --order desc --all',
    'secscan findings list --app shiftleft-java-demo --source scan.1002 --diff new',
    'secscan findings list --app shiftleft-java-demo --all -o sarif > findings.sarif',
    'secscan findings list --org --status any --assignment unassigned --limit 100 -o csv',
  ],
  operations: [
    'ListAppFindings',
    'ListCompoundFindings',
    'ListCompoundFindingsDEPRECATED',
    'ListOrgFindings',
  ],
  options,
  outputs: ['sarif'],
  view: findingView,
  validate({ opts, orgLevel }) {
    return planList(opts, orgLevel);
  },
  async run(ctx, { opts, plan }) {
    if (opts.sarifCategory !== undefined && ctx.format !== 'sarif') {
      throw new UsageError('--sarif-category needs -o sarif');
    }
    const info: PageInfo = { shown: 0, total: undefined, more: false };
    const rows = findingsOf(ctx, plan, info);
    if (ctx.format === 'sarif') {
      const { sarifCategory, writeSarif } = await import('../../output/sarif.js');
      const derived =
        plan.level === 'app'
          ? ['findings', 'app', plan.app]
          : plan.level === 'compound'
            ? ['findings', 'compound', plan.compound]
            : ['findings', 'org'];
      const automationId = sarifCategory(derived, opts.sarifCategory);
      return {
        kind: 'custom',
        render: async (out) => void (await writeSarif(out, rows, { toolVersion: ctx.version, automationId })),
      };
    }
    return {
      kind: 'list',
      rows,
      footer: (count) => {
        if (info.total !== undefined && info.total > count)
          return `${count} of ${info.total} findings (--all for every page)`;
        if (info.total === undefined && info.more)
          return `${count} findings shown; more exist (--all, or --limit N)`;
        return undefined;
      },
    };
  },
});
