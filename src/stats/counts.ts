import type { ApiClient } from '../api/client.js';
import { UnexpectedResponseError } from '../errors.js';
import type { QueryOf } from '@secscan/api/operations/schemas';
import type { FindingCounts } from '@secscan/api/schemas/findings';

/** One row of `secscan stats`: an app's open findings, or (is_total) the organization's. */
export type StatsRow = {
  /** The app; null on the totals row. */
  app: string | null;
  team: string | null;
  critical: number;
  high: number;
  medium: number;
  low: number;
  total: number;
  vuln: number;
  secret: number;
  oss_vuln: number;
  /** null when the service does not count the reachability of every dependency finding. */
  oss_vuln_reachable: number | null;
  oss_vuln_unreachable: number | null;
  container: number;
  /** Findings of the other types (insight, extscan, security_issue, ...). */
  other: number;
  /** When the scan counted completed (else started); null when the app has no such scan. */
  last_scan: string | null;
  scan_id: string | null;
  is_total: boolean;
  /** The totals row: how many apps it sums. */
  apps?: number;
};

/** The app a row counts: its id, and its team's name (or id) when known. */
export interface CountedApp {
  id: string;
  team: string | undefined;
}

const severities = ['critical', 'high', 'medium', 'low'] as const;
const typeColumns = ['vuln', 'secret', 'oss_vuln', 'container'] as const;

/**
 * One app's row from its findings listing's counts (`only_counts`): the same query `findings list --app`
 * sends, so the numbers are those of its findings grouped by severity, type and reachability. The counts
 * are all there is to read: an answer with counts but none by severity is of another kind (exit 8).
 */
export async function countApp(
  client: ApiClient,
  app: CountedApp,
  query: QueryOf<'ListAppFindings'>,
): Promise<StatsRow> {
  const [{ operations }, { schemasOf }, { FindingCounts }] = await Promise.all([
    import('@secscan/api/operations'),
    import('@secscan/api/operations/schemas'),
    import('@secscan/api/schemas/findings'),
  ]);
  const op = operations.ListAppFindings;
  const schemas = { ...(await schemasOf(op)), response: FindingCounts };
  const data = (await client.callOf(
    op,
    { path: { appID: app.id }, query: { ...query, only_counts: true } },
    schemas,
  )) as FindingCounts;
  return rowOf(app, data);
}

function rowOf(app: CountedApp, data: FindingCounts): StatsRow {
  const row = emptyRow(app.id, app.team ?? null);
  let severityEntries = 0;
  let reachable = 0;
  let unreachable = 0;
  for (const entry of data.counts ?? []) {
    if (entry.key !== 'severity' && !(entry.key === 'reachability' && entry.finding_type === 'oss_vuln')) {
      continue;
    }
    const { count, value } = entry;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || value === undefined) {
      throw new UnexpectedResponseError(
        `ListAppFindings (${app.id}): a count of ${entry.key} without a value or a whole number`,
      );
    }
    if (entry.key === 'reachability') {
      if (value === 'reachable') reachable += count;
      else if (value === 'unreachable') unreachable += count;
      continue;
    }
    severityEntries++;
    const severity = String(value);
    if ((severities as readonly string[]).includes(severity))
      row[severity as (typeof severities)[number]] += count;
    row.total += count;
    const type = entry.finding_type ?? '';
    if ((typeColumns as readonly string[]).includes(type)) row[type as (typeof typeColumns)[number]] += count;
    else row.other += count;
  }
  if ((data.counts?.length ?? 0) > 0 && severityEntries === 0) {
    throw new UnexpectedResponseError(
      `ListAppFindings (${app.id}): the counts have no counts by severity; this version cannot read them`,
    );
  }
  // The split is known only when the reachability counts cover every dependency finding.
  const split = reachable + unreachable === row.oss_vuln;
  row.oss_vuln_reachable = split ? reachable : null;
  row.oss_vuln_unreachable = split ? unreachable : null;
  row.last_scan = data.scan ? (data.scan.completed_at ?? data.scan.started_at ?? null) : null;
  row.scan_id = data.scan?.id ?? null;
  return row;
}

export function emptyRow(app: string | null, team: string | null): StatsRow {
  return {
    app,
    team,
    critical: 0,
    high: 0,
    medium: 0,
    low: 0,
    total: 0,
    vuln: 0,
    secret: 0,
    oss_vuln: 0,
    oss_vuln_reachable: 0,
    oss_vuln_unreachable: 0,
    container: 0,
    other: 0,
    last_scan: null,
    scan_id: null,
    is_total: false,
  };
}

/** The organization's row: every count summed, the latest scan date, and how many apps it covers. */
export function totalsRow(rows: readonly StatsRow[]): StatsRow {
  const total = { ...emptyRow(null, null), is_total: true, apps: rows.length };
  const sum = (key: keyof StatsRow) => rows.reduce((n, r) => n + (r[key] as number), 0);
  for (const key of [...severities, 'total', ...typeColumns, 'other'] as const) total[key] = sum(key);
  const split = rows.every((r) => r.oss_vuln_reachable !== null && r.oss_vuln_unreachable !== null);
  total.oss_vuln_reachable = split ? sum('oss_vuln_reachable') : null;
  total.oss_vuln_unreachable = split ? sum('oss_vuln_unreachable') : null;
  total.last_scan = rows.reduce<string | null>(
    (latest, r) => (r.last_scan && (!latest || r.last_scan > latest) ? r.last_scan : latest),
    null,
  );
  return total;
}
