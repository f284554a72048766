import type { FindingsSummary } from '@secscan/api/schemas/findings';
import { findingTypes } from '@secscan/api/values';
import { notFoundError, UsageError } from '../../errors.js';
import { type SummaryRow, summaryView } from '../../output/views/findings.js';
import { defineVerb, flag, list, text } from '../define.js';
import { pattern } from '../parsers.js';

type Totals = { total?: number; total_fixed?: number; total_ignored?: number };

/** Totals by type, severity (most severe first) and category (largest first), then one row per app. */
function summaryRows(
  summaries: readonly FindingsSummary[],
  apps: readonly { app: string; findings_summaries: FindingsSummary[] }[] = [],
): SummaryRow[] {
  const out: SummaryRow[] = [];
  const add = (group: SummaryRow['group'], map: Map<string, Totals>) => {
    for (const [name, t] of map) {
      out.push({
        group,
        name,
        total: t.total ?? 0,
        fixed: t.total_fixed ?? 0,
        ignored: t.total_ignored ?? 0,
      });
    }
  };
  const merge = (map: Map<string, Totals>, key: string, t: Totals) => {
    const m = map.get(key) ?? { total: 0, total_fixed: 0, total_ignored: 0 };
    m.total = (m.total ?? 0) + (t.total ?? 0);
    m.total_fixed = (m.total_fixed ?? 0) + (t.total_fixed ?? 0);
    m.total_ignored = (m.total_ignored ?? 0) + (t.total_ignored ?? 0);
    map.set(key, m);
  };
  const types = new Map<string, Totals>();
  const severity = new Map<string, Totals>();
  const category = new Map<string, Totals>();
  for (const s of summaries) {
    merge(types, s.finding_type ?? 'all', s);
    for (const [k, t] of Object.entries(s.by_severity ?? {})) merge(severity, k, t);
    for (const [k, t] of Object.entries(s.by_category ?? {})) merge(category, k, t);
  }
  const rank = ['critical', 'high', 'medium', 'low'];
  add('type', types);
  add('severity', new Map([...severity].sort((a, b) => rank.indexOf(a[0]) - rank.indexOf(b[0]))));
  add('category', new Map([...category].sort((a, b) => (b[1].total ?? 0) - (a[1].total ?? 0))));
  for (const app of apps) {
    const t = new Map<string, Totals>();
    for (const s of app.findings_summaries) merge(t, app.app, s);
    if (!t.size) t.set(app.app, {});
    add('app', t);
  }
  return out;
}

export default defineVerb({
  name: 'summary',
  summary: 'Totals by type, severity and category (and by app, organization-wide)',
  description:
    'Without --app: the organization’s totals and one row per app. With --app: the totals of the app’s ' +
    'latest scanned version, or of --version.',
  examples: [
    'secscan findings summary',
    'secscan findings summary --default-branch --type vuln',
    'secscan findings summary --app payments-api',
  ],
  operations: ['ReadOrgFindingsSummary', 'ListAppVersions', 'ReadAppVersion'],
  options: {
    app: text('--app <id>', 'one app', { conflicts: ['tag', 'defaultBranch'] }),
    version: text('--version <version>', 'with --app: this code version'),
    type: list('--type <type>', 'only this finding type (repeatable)', { choices: findingTypes }),
    tag: list('--tag <key=value>', 'organization: only scans with this tag (repeatable)', {
      parser: pattern(/^[^=]+=/, 'expected key=value'),
    }),
    defaultBranch: flag('--default-branch', 'organization: only default-branch scans'),
  },
  view: summaryView,
  validate({ opts, orgLevel }) {
    if (orgLevel && opts.app !== undefined) {
      throw new UsageError('--org (the organization level) cannot be used with --app');
    }
    if (opts.app === undefined && opts.version !== undefined) throw new UsageError('--version needs --app');
  },
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const type = opts.type?.length ? opts.type : undefined;
    if (opts.app !== undefined) {
      const version = opts.version
        ? await client.call('ReadAppVersion', {
            path: { appID: opts.app, versionID: opts.version },
            query: { type },
          })
        : (await client.call('ListAppVersions', { path: { appID: opts.app }, query: { type } }))[0];
      if (!version) {
        throw notFoundError(
          `ListAppVersions: app ${opts.app} has no scanned version`,
          `see \`secscan scans list --app ${opts.app}\``,
        );
      }
      return { kind: 'list', rows: summaryRows(version.findings_summaries) };
    }
    const summary = await ctx.spin('Reading the summary', () =>
      client.call('ReadOrgFindingsSummary', {
        query: { tags: opts.tag, type, default_branch: opts.defaultBranch ? true : undefined },
      }),
    );
    return { kind: 'list', rows: summaryRows(summary.findings_summaries, summary.apps) };
  },
});
