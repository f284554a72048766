import { operations } from '../../api/operations/index.js';
import { findingTypes } from '../../api/schemas/findings.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';

export const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'group', header: 'GROUP' },
    { key: 'name', header: 'NAME', max: 40 },
    { key: 'total', header: 'TOTAL' },
    { key: 'fixed', header: 'FIXED' },
    { key: 'ignored', header: 'IGNORED' },
  ],
  emptyMessage: 'No findings.',
});

type Totals = { total?: number; total_fixed?: number; total_ignored?: number };
interface Summary extends Totals {
  finding_type?: string;
  by_severity?: Record<string, Totals>;
  by_category?: Record<string, Totals>;
}

function rows(summaries: Summary[], apps: { app?: string; findings_summaries?: Summary[] }[] = []) {
  const out: Record<string, unknown>[] = [];
  const add = (group: string, map: Map<string, Totals>) => {
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
    for (const s of app.findings_summaries ?? []) merge(t, app.app ?? '', s);
    if (!t.size) t.set(app.app ?? '', {});
    add('app', t);
  }
  return out;
}

export function validate({ opts }: RunInput): void {
  if (opts.org === true && opts.app !== undefined) {
    throw new UsageError('--org (the organization level) cannot be used with --app');
  }
  if (opts.app !== undefined && !String(opts.app).trim()) throw new UsageError('--app must not be empty');
  const appOnly = opts.app === undefined && opts.version !== undefined;
  if (appOnly) throw new UsageError('--version needs --app');
  if (opts.app !== undefined && (opts.tag !== undefined || opts.defaultBranch)) {
    throw new UsageError(
      `${opts.tag !== undefined ? '--tag' : '--default-branch'} is for the organization summary, not with --app`,
    );
  }
  for (const t of opts.type ?? []) {
    if (!(findingTypes as readonly string[]).includes(t)) {
      throw new UsageError(
        `invalid value for --type: ${JSON.stringify(t)} (choose from ${findingTypes.join(', ')})`,
      );
    }
  }
  for (const t of opts.tag ?? []) {
    if (!/^[^=]+=/.test(t))
      throw new UsageError(`invalid value for --tag: ${JSON.stringify(t)} (expected key=value)`);
  }
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const type = opts.type?.length ? opts.type : undefined;
  if (opts.app !== undefined) {
    const version = opts.version
      ? await client.call<{ findings_summaries?: Summary[] }>(operations.ReadAppVersion, {
          path: { appID: opts.app, versionID: opts.version },
          query: { type },
        })
      : (
          await client.call<{ findings_summaries?: Summary[] }[]>(operations.ListAppVersions, {
            path: { appID: opts.app },
            query: { type },
          })
        )[0];
    return { kind: 'list', rows: rows(version?.findings_summaries ?? []) };
  }
  const summary = await ctx.spin('Reading the summary', () =>
    client.call<{
      findings_summaries?: Summary[];
      apps?: { app?: string; findings_summaries?: Summary[] }[];
    }>(operations.ReadOrgFindingsSummary, {
      query: { tags: opts.tag, type, default_branch: opts.defaultBranch ? true : undefined },
    }),
  );
  return { kind: 'list', rows: rows(summary.findings_summaries ?? [], summary.apps ?? []) };
}
