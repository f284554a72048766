import type { ApiClient } from '../../api/client.js';
import type { Finding } from '@secscan/api/schemas/findings';
import { findingStatuses, findingTypes, scanLanguages, scanPlatforms, severities } from '@secscan/api/values';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { findingView } from '../../output/views/findings.js';
import { choice, defineVerb, flag, list, type OptsOf, parsed, text } from '../define.js';
import { email, int, nonEmpty, pattern, scanId, scanRef } from '../parsers.js';
import { diffs, type ListPlan, planList, sorts, tagQuery } from './internal/query.js';

const options = {
  app: text('--app <id>', 'findings of an app (its latest scan unless --scan, --version, --branch)', {
    conflicts: ['compound'],
  }),
  compound: text('--compound <name>', 'findings of a compound (its latest compound scan)'),
  severity: list('--severity <level>', 'only these severities (repeatable)', { choices: severities }),
  status: list(
    '--status <status>',
    'only these statuses (repeatable; the app and organization lists default to unset, the compound list to every status)',
    { choices: [...findingStatuses, 'any'] },
  ),
  type: list('--type <type>', 'only these types (repeatable)', { choices: findingTypes }),
  category: text('--category <name>', 'only this category, e.g. "SQL Injection"'),
  assignee: parsed('--assignee <email>', 'only findings assigned to EMAIL (not with --assignment)', email(), {
    conflicts: ['assignment'],
  }),
  assignment: choice('--assignment <state>', 'assigned or unassigned findings (not with --assignee)', [
    'assigned',
    'unassigned',
  ]),
  tag: list('--tag <key=value>', 'only scans with this tag, e.g. branch=main (repeatable)'),
  findingTag: list(
    '--finding-tag <key__op__value>',
    'only findings whose tag matches, e.g. cvss_score__gte__7 (at most 20; operators eq, ne, contains, in, lt, gte, ... with --compound; eq elsewhere)',
    { parser: pattern(tagQuery, 'expected key__operator__value, e.g. category__eq__XSS') },
  ),
  search: list(
    '--search <text>',
    'title or description contains TEXT, any case (at most 5, all must match)',
    { parser: nonEmpty() },
  ),
  sort: choice('--sort <field>', 'sort field (default id, newest first)', sorts),
  order: choice('--order <order>', 'sort order', ['asc', 'desc']),
  scan: parsed('--scan <id>', 'the scan to list (--app; default the latest)', scanId()),
  version: text('--version <version>', 'the latest scan of this code version'),
  branch: text('--branch <name>', 'the latest scan of this branch'),
  polyglotScan: parsed(
    '--polyglot-scan <id>',
    'the compound scan to list (--compound; default the latest)',
    scanId('polyglot scan id'),
  ),
  scanPlatform: choice(
    '--scan-platform <platform>',
    '--compound: element scans of one platform',
    scanPlatforms,
    {
      conflicts: ['scanLanguage'],
    },
  ),
  scanLanguage: choice(
    '--scan-language <language>',
    '--compound: element scans of one language',
    scanLanguages,
  ),
  reachable: flag('--reachable', '--compound: only reachable findings'),
  exploitable: flag('--exploitable', '--compound: only exploitable findings'),
  hasAiFix: flag('--has-ai-fix', '--compound: only findings with an AI fix'),
  source: parsed(
    '--source <ref>',
    'compare with this scan: scan.<number> or tag.<key>=<value> (with --diff)',
    scanRef(),
  ),
  diff: choice('--diff <kind>', 'findings of this kind against --source', diffs),
  perPage: parsed(
    '--per-page <n>',
    'findings per request, 1 to 250 (default 50; 250 with --all)',
    int(1, 250),
  ),
  page: parsed('--page <n>', 'one page of results (prefer --all or --limit)', int(1, 1_000_000), {
    conflicts: ['all', 'limit'],
  }),
  all: flag('--all', 'fetch every page (follows next_page)', { conflicts: ['limit'] }),
  limit: parsed('--limit <n>', 'stop after N findings', int(1, 100_000_000)),
  sarifCategory: text(
    '--sarif-category <id>',
    '-o sarif: the automationDetails.id (GitHub keeps one set of alerts per category; default secscan/findings/app/APP/, .../compound/NAME/ or .../org/)',
  ),
};

export type ListOpts = OptsOf<typeof options>;

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

/** The pages of the level's operation, in one shape (only the compound list counts the total). */
async function* pagesOf(client: ApiClient, plan: ListPlan): AsyncGenerator<FindingsPage> {
  const { query } = plan;
  if (plan.level === 'compound' && !plan.deprecated) {
    const path = { compoundName: plan.compound };
    for await (const page of client.pages('ListCompoundFindings', { path, query })) {
      yield { findings: page.findings, more: Boolean(page.has_more), total: page.total_count };
    }
    return;
  }
  const pages =
    plan.level === 'app'
      ? client.pages('ListAppFindings', { path: { appID: plan.app }, query })
      : plan.level === 'compound'
        ? client.pages('ListCompoundFindingsDEPRECATED', { path: { compoundName: plan.compound }, query })
        : client.pages('ListOrgFindings', { query });
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
    planList(opts, orgLevel);
  },
  async run(ctx, { opts, orgLevel }) {
    const plan = planList(opts, orgLevel);
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
