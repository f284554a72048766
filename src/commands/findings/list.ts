import type { ApiClient } from '../../api/client.js';
import type { Finding } from '@secscan/api/schemas/findings';
import { searchMatcher } from '@secscan/api/search';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { FindingsScope } from '../../output/export/document.js';
import { baseFormats, type OutputFormat } from '../../output/format.js';
import { findingView } from '../../output/views/findings.js';
import { defineVerb } from '../define.js';
import { outOption, reportFiles } from '../shared/outputs.js';
import { options as listOptions } from './internal/list-options.js';
import { type ListPlan, planList } from './internal/query.js';

const outputs = ['sarif', 'codequality', 'gitlab-sast'] as const satisfies readonly OutputFormat[];
const options = { ...listOptions, out: outOption([...baseFormats, ...outputs], 'the findings') };

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
  // The service's own matching (case folded, in the title or the description), where no parameter carries it.
  const matches = searchMatcher(plan.search);
  for await (const page of pagesOf(client, plan)) {
    info.total = page.total;
    info.more = page.more;
    for (const finding of page.findings) {
      if (!matches(finding)) continue;
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
    'Without --all or --limit one page is fetched. -o ndjson and csv stream as pages arrive. -o sarif ' +
    '(for GitHub code scanning: one run per app at compound and organization level, within GitHub’s upload ' +
    'limits, the most severe kept), codequality (GitLab Code Quality) and gitlab-sast (GitLab’s SAST ' +
    'report) are the reports CI services read. --out FORMAT=FILE writes more formats from the same ' +
    'listing, each file complete or not there at all.',
  examples: [
    'secscan findings list --app shiftleft-java-demo --severity critical --severity high',
    'secscan findings list --compound shop --finding-tag cvss_score__gte__7 --sort severity --order desc --all',
    'secscan findings list --app shiftleft-java-demo --source scan.1002 --diff new',
    'secscan findings list --app shiftleft-java-demo --all -o sarif > findings.sarif',
    'secscan findings list --compound shop --all --out sarif=findings.sarif --out codequality=gl-code-quality.json --out gitlab-sast=gl-sast-report.json',
    'secscan findings list --org --status any --assignment unassigned --limit 100 -o csv',
  ],
  operations: [
    'ListAppFindings',
    'ListCompoundFindings',
    'ListCompoundFindingsDEPRECATED',
    'ListOrgFindings',
  ],
  options,
  outputs,
  view: findingView,
  validate({ opts, orgLevel, format }) {
    const list = planList(opts, orgLevel);
    const files = reportFiles(opts.out);
    if (opts.sarifCategory !== undefined && format !== 'sarif' && !files.some((f) => f.format === 'sarif')) {
      throw new UsageError('--sarif-category needs -o sarif or --out sarif=FILE');
    }
    return { list, files };
  },
  async run(ctx, { opts, plan: { list, files } }) {
    const info: PageInfo = { shown: 0, total: undefined, more: false };
    const scope: FindingsScope =
      list.level === 'app'
        ? { level: 'app', app: list.app }
        : list.level === 'compound'
          ? { level: 'compound', compound: list.compound }
          : { level: 'org' };
    const footer = (count: number) => {
      if (info.total !== undefined && info.total > count)
        return `${count} of ${info.total} findings (--all for every page)`;
      if (info.total === undefined && info.more)
        return `${count} findings shown; more exist (--all, or --limit N)`;
      return undefined;
    };
    const findings = stream(ctx, list, info);
    return {
      kind: 'document',
      document: { type: 'findings', findings, scope, category: opts.sarifCategory, footer },
      files,
    };
  },
});
