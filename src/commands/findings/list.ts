import type { ApiClient } from '../../api/client.js';
import type { Finding } from '@secscan/api/schemas/findings';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { findingView } from '../../output/views/findings.js';
import { defineVerb } from '../define.js';
import { options } from './internal/list-options.js';
import { type ListPlan, planList } from './internal/query.js';

interface PageInfo {
  shown: number;
  total: number | undefined;
  more: boolean;
}

interface FindingsPage {
  findings: Finding[];
  more: boolean;
  total: number | undefined;
}

/**
 * The pages of the level's operation, in one shape (only the compound list counts the total). With --limit
 * (and no --search, which drops rows here), the pages it can need: none past them is asked for ahead.
 */
async function* pagesOf(client: ApiClient, plan: ListPlan): AsyncGenerator<FindingsPage> {
  const { query } = plan;
  const perPage = typeof query.per_page === 'number' ? query.per_page : 50;
  const pageLimit =
    plan.limit !== undefined && plan.search.length === 0 ? Math.ceil(plan.limit / perPage) : undefined;
  if (plan.level === 'compound' && !plan.deprecated) {
    const path = { compoundName: plan.compound };
    for await (const page of client.pages('ListCompoundFindings', { path, query, pageLimit })) {
      yield { findings: page.findings, more: Boolean(page.has_more), total: page.total_count };
    }
    return;
  }
  const pages =
    plan.level === 'app'
      ? client.pages('ListAppFindings', { path: { appID: plan.app }, query, pageLimit })
      : plan.level === 'compound'
        ? client.pages('ListCompoundFindingsDEPRECATED', {
            path: { compoundName: plan.compound },
            query,
            pageLimit,
          })
        : client.pages('ListOrgFindings', { query, pageLimit });
  for await (const page of pages) {
    yield { findings: page.findings, more: Boolean(page.has_more), total: undefined };
  }
}

/** Findings as pages arrive, following next_page; stops requesting once `--limit` is reached. */
async function* stream(ctx: Context, plan: ListPlan, info: PageInfo): AsyncGenerator<Finding> {
  const client = await ctx.client();
  if (plan.deprecated) ctx.note('note: --diff with --compound uses the deprecated compound findings list');
  const needles = plan.search.map((s) => s.toLocaleLowerCase());
  for await (const page of pagesOf(client, plan)) {
    info.total = page.total;
    info.more = page.more;
    for (const finding of page.findings) {
      if (needles.length) {
        const text = `${finding.title ?? ''}\n${finding.description ?? ''}`.toLocaleLowerCase();
        if (!needles.every((n) => text.includes(n))) continue;
      }
      yield finding;
      info.shown++;
      if (plan.limit !== undefined && info.shown >= plan.limit) return;
    }
    if (!plan.all && plan.limit === undefined) return;
  }
}

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
    const rows = stream(ctx, plan, info);
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
