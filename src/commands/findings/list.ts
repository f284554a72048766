import { UsageError } from '../../errors.js';
import type { FindingsScope, Truncation } from '../../output/export/document.js';
import { findingsDocument } from '../../output/export/findings.js';
import { baseFormatNames } from '../../output/base/index.js';
import { findingView } from '../../output/views/findings.js';
import { defineVerb, flag } from '../define.js';
import { ignoreFileOption, loadSuppressor } from '../shared/ignore-file.js';
import { outOption, reportFiles } from '../shared/outputs.js';
import { ciConfigFile } from '../shared/repo-path.js';
import { options as listOptions } from './internal/list-options.js';
import { findingsOf, type PageInfo } from '../../triage/listing.js';
import { planList } from '../../triage/query.js';

const everyStatus =
  '--compound: findings of every status are listed (fixed, ignored and 3rdparty too; --app and the ' +
  'organization list give open ones): narrow with --status fixed|ignored|3rdparty';

/** The formats CI services read as the whole answer (the reports): each gets every page unless asked otherwise. */
const reports = new Set<string>(Object.keys(findingsDocument.reports));
const options = {
  ...listOptions,
  all: flag(
    '--all',
    `fetch every page\n\n(follows next_page; the default for -o ${[...reports].join(', ')})`,
    {
      conflicts: ['limit'],
    },
  ),
  ignoreFile: ignoreFileOption,
  hideSuppressed: flag('--hide-suppressed', 'leave out what the ignore file suppresses'),
  out: outOption(findingsDocument),
};

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List findings of an app, a compound or the organization',
  description:
    'List findings of an app (--app), a compound (--compound) or the whole organization (--org, or ' +
    'neither: the latest default-branch scan of each app). The same flags mean the same at every level; ' +
    'without --status, --app and --org give open findings, --compound every status.\n\n' +
    '--org UUID also names another organization; secscan maps the flags to each operation’s parameters. ' +
    'The compound list cannot filter on open (unset) findings: on a terminal, stderr says it lists every ' +
    'status. ' +
    `The screens and data formats (${baseFormatNames.join(', ')}) fetch one page unless --all or ` +
    '--limit N; -o ndjson and csv stream as pages arrive. -o sarif (for GitHub code scanning: one run per ' +
    'app at compound and organization level, within GitHub’s upload limits, the most severe kept), ' +
    'codequality (GitLab Code Quality) and gitlab-sast (GitLab’s SAST report) are the reports CI services ' +
    'read, and a CI service closes every alert a report leaves out: written with -o or --out, they fetch ' +
    'every page (and so does every other output of that run). --limit N or --page N still cuts them short ' +
    'on request, and then the report says so (SARIF run properties and a warning notification, the GitLab ' +
    'report’s scan messages, an info entry in Code Quality) and so does a warning on stderr; the exit ' +
    'status stays 0. --out FORMAT=FILE writes more formats from the same ' +
    'listing, each file complete or not there at all. With an ignore file (.secscan/ignore.yml, found ' +
    'from the working directory up; --ignore-file, --no-ignore-file) every finding says whether it is ' +
    'suppressed: the SUPPRESSED column (the line of the entry), `suppressed` and `suppression` in JSON, a ' +
    'suppression in SARIF; the GitLab reports leave suppressed findings out, and --hide-suppressed every format.',
  examples: [
    'secscan findings list --app shiftleft-java-demo --severity critical --severity high',
    'secscan findings list --compound shop --finding-tag cvss_score__gte__7 --sort severity --order desc --all',
    'secscan findings list --app shiftleft-java-demo --source scan.1002 --diff new',
    'secscan findings list --app shiftleft-java-demo --all -o sarif > findings.sarif',
    'secscan findings list --compound shop --all --out sarif=findings.sarif --out codequality=gl-code-quality.json --out gitlab-sast=gl-sast-report.json',
    'secscan findings list --org --status any --assignment unassigned --limit 100 -o csv',
    'secscan findings list --app payments-api --ignore-file .secscan/ignore.yml --hide-suppressed',
  ],
  operations: [
    'ListAppFindings',
    'ListCompoundFindings',
    'ListCompoundFindingsDEPRECATED',
    'ListOrgFindings',
  ],
  options,
  document: findingsDocument,
  view: findingView,
  validate({ opts, orgLevel, format }) {
    const files = reportFiles(opts.out);
    // A report is the whole answer (a CI service closes every alert it does not hold): every page, unless
    // --limit or --page asks for less, and then the report says so.
    const report = [format, ...files.map((f) => f.format)].some((f) => reports.has(f));
    const whole = report && opts.limit === undefined && opts.page === undefined;
    const list = planList(whole ? { ...opts, all: true } : opts, orgLevel);
    if (opts.hideSuppressed && opts.ignoreFile === false) {
      throw new UsageError('--hide-suppressed needs an ignore file: drop --no-ignore-file');
    }
    if (opts.sarifCategory !== undefined && format !== 'sarif' && !files.some((f) => f.format === 'sarif')) {
      throw new UsageError('--sarif-category needs -o sarif or --out sarif=FILE');
    }
    return { list, files, report };
  },
  async run(ctx, { opts, plan: { list, files, report } }) {
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
    const context =
      list.level === 'compound' ? { compound: list.compound } : list.level === 'app' ? { app: list.app } : {};
    const by = await loadSuppressor(ctx, opts.ignoreFile, context);
    if (by) {
      const { expiryNotices } = await import('../../ignores/match.js');
      for (const line of expiryNotices(by.file, by.expired)) ctx.note(line);
    } else if (opts.hideSuppressed)
      ctx.warn('--hide-suppressed: no ignore file found, so nothing is suppressed');
    // The compound list has no filter for open findings: without --status it gives them all, unlike the others.
    if (list.level === 'compound' && !list.deprecated && !opts.status?.length && ctx.stderrIsTTY) {
      ctx.note(everyStatus);
    }
    const hide = opts.hideSuppressed ?? false;
    const findings = findingsOf(
      ctx,
      list,
      info,
      by &&
        ((listed) => {
          const marked = by.mark(listed);
          return hide && marked.suppressed ? undefined : marked;
        }),
    );
    return {
      kind: 'document',
      document: {
        type: 'findings' as const,
        findings,
        scope,
        category: opts.sarifCategory,
        footer,
        ...(by ? { suppressions: { file: by.file.path } } : {}),
        ...(report ? { truncated: () => truncation(opts, info, ciConfigFile(ctx.env)) } : {}),
      },
      files,
    };
  },
});

/** What a report holds when the listing stopped short on request (--limit, --page) of what the service has. */
function truncation(
  opts: { limit?: number; page?: number },
  info: PageInfo,
  where: string,
): Truncation | undefined {
  if (!info.cut) return undefined;
  if (opts.limit !== undefined) {
    const first = opts.limit === 1 ? 'the first finding' : `the first ${opts.limit} findings`;
    const holds = `${first} (--limit ${opts.limit})`;
    return { holds, flag: '--limit', value: opts.limit, where };
  }
  if (opts.page === undefined) return undefined;
  return {
    holds: `page ${opts.page} of the listing (--page ${opts.page})`,
    flag: '--page',
    value: opts.page,
    where,
  };
}
