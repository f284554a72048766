import {
  type AppHistory,
  type Basis,
  basisText,
  type Breach,
  type Counts,
  type Dimension,
  type FindingFacts,
  noTeam,
  type SlaRow,
  severityOrder,
  type TimeToFix,
  type TrendsInput,
  type TrendsReport,
  type WeekRow,
} from './trends-model.js';

const day = 86_400_000;
const week = 7 * day;

/** Days, to the hundredth. */
export const days = (ms: number): number => Math.round((ms / day) * 100) / 100;

/** The Monday, 00:00 UTC, of the week `at` falls in. */
export function weekStart(at: number): number {
  const midnight = at - (((at % day) + day) % day);
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7;
  return midnight - weekday * day;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
const round = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);
const excludedStatuses = new Set(['ignored', '3rdparty']);

type EventKind = 'new' | 'reopened' | 'fixed';

interface Event {
  kind: EventKind;
  at: number;
  app: AppHistory;
  finding: FindingFacts;
  /** Fixes: how long it was open, in ms. */
  openMs?: number;
}

/** The finding's open episodes on the default branch, as events, and what is open at each scan. */
function walk(app: AppHistory, since: number, events: Event[]): Map<string, number> {
  const firstPresent = new Map<string, number>();
  for (const scan of app.scans)
    for (const id of scan.present) if (!firstPresent.has(id)) firstPresent.set(id, scan.at);
  let previous = new Set<string>();
  const seen = new Set<string>();
  const openedAt = new Map<string, number>();
  app.scans.forEach((scan, i) => {
    const baseline = i === 0 && scan.at < since;
    const present = new Set([...scan.present].filter((id) => counted(app, id)));
    for (const id of present) {
      if (previous.has(id)) continue;
      const finding = app.findings.get(id) as FindingFacts;
      const first = Math.min(finding.firstSeen ?? Infinity, firstPresent.get(id) ?? scan.at, scan.at);
      const back = seen.has(id);
      openedAt.set(id, back ? scan.at : first);
      if (!baseline) events.push({ kind: back ? 'reopened' : 'new', at: scan.at, app, finding });
    }
    for (const id of previous) {
      if (present.has(id)) continue;
      const finding = app.findings.get(id) as FindingFacts;
      events.push({
        kind: 'fixed',
        at: scan.at,
        app,
        finding,
        openMs: scan.at - (openedAt.get(id) ?? scan.at),
      });
    }
    for (const id of present) seen.add(id);
    previous = present;
  });
  return openedAt;
}

function counted(app: AppHistory, id: string): boolean {
  const finding = app.findings.get(id);
  return finding !== undefined && !excludedStatuses.has(finding.status);
}

/** The app's latest scan before `at` (what was open at that moment), if any. */
function latestAt(app: AppHistory, at: number) {
  let found: AppHistory['scans'][number] | undefined;
  for (const scan of app.scans) if (scan.at < at) found = scan;
  return found;
}

function groupOf(by: Dimension, app: AppHistory, finding: FindingFacts): string {
  if (by === 'app') return app.app;
  if (by === 'team') return app.team ?? noTeam;
  return finding.severity;
}

function emptyCounts(groups: readonly string[]): Counts {
  const counts = { total: 0 } as Counts;
  for (const g of groups) counts[g] = 0;
  return counts;
}

function add(counts: Counts, group: string): void {
  counts[group] = (counts[group] ?? 0) + 1;
  counts.total++;
}

function openCounts(
  apps: readonly AppHistory[],
  at: number,
  by: Dimension,
  groups: readonly string[],
): Counts {
  const counts = emptyCounts(groups);
  for (const app of apps) {
    const scan = latestAt(app, at);
    if (!scan) continue;
    for (const id of scan.present) {
      if (counted(app, id)) add(counts, groupOf(by, app, app.findings.get(id) as FindingFacts));
    }
  }
  return counts;
}

function weeks(input: TrendsInput, events: readonly Event[], by: Dimension): WeekRow[] {
  const groups = groupsOf(input.apps, by);
  const rows: WeekRow[] = [];
  for (let start = weekStart(input.since); start < input.until; start += week) {
    const end = Math.min(start + week, input.until);
    const row: WeekRow = {
      week: new Date(start).toISOString().slice(0, 10),
      new: emptyCounts(groups),
      reopened: emptyCounts(groups),
      fixed: emptyCounts(groups),
      open: openCounts(input.apps, end, by, groups),
    };
    for (const e of events) {
      if (e.at >= input.since && e.at >= start && e.at < end) add(row[e.kind], groupOf(by, e.app, e.finding));
    }
    rows.push(row);
  }
  return rows;
}

/** Severities in order (others after, by name); apps and teams by name. */
function groupsOf(apps: readonly AppHistory[], by: Dimension): string[] {
  if (by === 'app') return apps.map((a) => a.app);
  if (by === 'team') return [...new Set(apps.map((a) => a.team ?? noTeam))].sort();
  const others = new Set<string>();
  for (const app of apps)
    for (const f of app.findings.values())
      if (!severityOrder.includes(f.severity as never)) others.add(f.severity);
  return [...severityOrder, ...[...others].sort()];
}

function timeToFix(
  fixes: readonly Event[],
  key: (e: Event) => string,
  order: readonly string[],
  team?: (g: string) => string,
) {
  const by = new Map<string, number[]>(order.map((g) => [g, []]));
  for (const e of fixes) by.set(key(e), [...(by.get(key(e)) ?? []), e.openMs as number]);
  return [...by].map(([group, ms]): TimeToFix => ({
    group,
    ...(team ? { team: team(group) } : {}),
    fixes: ms.length,
    mean_days: round(mean(ms.map(days))),
    median_days: round(median(ms.map(days))),
  }));
}

export function computeTrends(input: TrendsInput): TrendsReport {
  const { since, until, sla, apps } = input;
  const events: Event[] = [];
  const opened = new Map<AppHistory, Map<string, number>>();
  for (const app of apps) opened.set(app, walk(app, since, events));
  const inWindow = events.filter((e) => e.at >= since && e.at < until);
  const fixes = inWindow.filter((e) => e.kind === 'fixed');
  const slaMs = (severity: string) =>
    sla[severity] === undefined ? undefined : (sla[severity] as number) * day;
  const late = (e: Event) => {
    const limit = slaMs(e.finding.severity);
    return limit !== undefined && (e.openMs as number) > limit;
  };

  const breaches: Breach[] = [];
  const openNow: { app: AppHistory; finding: FindingFacts }[] = [];
  for (const app of apps) {
    const scan = latestAt(app, until);
    if (!scan) continue;
    for (const id of scan.present) {
      if (!counted(app, id)) continue;
      const finding = app.findings.get(id) as FindingFacts;
      openNow.push({ app, finding });
      const since = opened.get(app)?.get(id) ?? scan.at;
      const limit = slaMs(finding.severity);
      if (limit === undefined || until - since <= limit) continue;
      breaches.push({
        app: app.app,
        team: app.team ?? noTeam,
        finding: id,
        severity: finding.severity,
        type: finding.type,
        title: finding.title,
        open_since: new Date(since).toISOString(),
        age_days: days(until - since),
        sla_days: sla[finding.severity] as number,
        over_by_days: days(until - since - limit),
      });
    }
  }
  breaches.sort(
    (a, b) =>
      b.over_by_days - a.over_by_days || a.app.localeCompare(b.app) || a.finding.localeCompare(b.finding),
  );
  const breached = new Set(breaches.map((b) => `${b.app}\u0000${b.finding}`));

  const severities = groupsOf(apps, 'severity');
  const teams = groupsOf(apps, 'team');
  const teamOf = new Map(apps.map((a) => [a.app, a.team ?? noTeam]));
  const slaRows = (key: (app: AppHistory, f: FindingFacts) => string, order: readonly string[]) => {
    const rows = new Map<string, SlaRow>(
      order.map((g) => [g, { group: g, open: 0, open_past_sla: 0, fixed: 0, fixed_late: 0 }]),
    );
    const row = (g: string) =>
      rows.get(g) ??
      (rows.set(g, { group: g, open: 0, open_past_sla: 0, fixed: 0, fixed_late: 0 }).get(g) as SlaRow);
    for (const { app, finding } of openNow) {
      const r = row(key(app, finding));
      r.open++;
      if (breached.has(`${app.app}\u0000${finding.id}`)) r.open_past_sla++;
    }
    for (const e of fixes) {
      const r = row(key(e.app, e.finding));
      r.fixed++;
      if (late(e)) r.fixed_late++;
    }
    return [...rows.values()];
  };
  const fixMs = fixes.map((e) => e.openMs as number);
  const weekly = weeks(input, events, input.by);
  const basis: Basis = {
    since: new Date(since).toISOString(),
    until: new Date(until).toISOString(),
    days: days(until - since),
    apps: apps.length,
    scans: apps.reduce((n, a) => n + a.scans.filter((s) => s.at >= since && s.at < until).length, 0),
    ...basisText,
    sla_days: { ...sla },
    by: input.by,
  };
  return {
    basis,
    summary: {
      open: openCounts(apps, until, 'severity', severities),
      open_at_start: openCounts(apps, since, 'severity', severities),
      new: inWindow.filter((e) => e.kind === 'new').length,
      reopened: inWindow.filter((e) => e.kind === 'reopened').length,
      fixed: fixes.length,
      mean_days_to_fix: round(mean(fixMs.map(days))),
      median_days_to_fix: round(median(fixMs.map(days))),
      open_past_sla: breaches.length,
      fixed_late: fixes.filter(late).length,
    },
    weekly,
    weekly_by_severity: input.by === 'severity' ? weekly : weeks(input, events, 'severity'),
    time_to_fix: {
      by_severity: timeToFix(fixes, (e) => e.finding.severity, severities),
      by_app: timeToFix(
        fixes,
        (e) => e.app.app,
        apps.map((a) => a.app),
        (g) => teamOf.get(g) ?? noTeam,
      ),
      by_team: timeToFix(fixes, (e) => e.app.team ?? noTeam, teams),
    },
    sla: {
      by_severity: slaRows((_a, f) => f.severity, severities).map((r) => ({
        ...r,
        sla_days: sla[r.group] ?? null,
      })),
      by_app: slaRows(
        (a) => a.app,
        apps.map((a) => a.app),
      ).map((r) => ({ ...r, team: teamOf.get(r.group) ?? noTeam })),
      by_team: slaRows((a) => a.team ?? noTeam, teams),
      breaches,
    },
  };
}
