import type { Counts, SlaRow, TimeToFix, TrendsReport, WeekRow } from '../../analytics/trends-model.js';
import { severityOrder } from '../../analytics/trends-model.js';

/** How many rows of a long group (apps, teams) the summaries show; -o json and csv have them all. */
export const topRows = 10;

export const day = (iso: string): string => iso.slice(0, 10);

/** The week-by-week table of every output: new, reopened, fixed and open at the end, open by severity. */
export function weeklyTable(weeks: readonly WeekRow[]): { headers: string[]; rows: (string | number)[][] } {
  return {
    headers: ['Week', 'New', 'Reopened', 'Fixed', 'Open', ...severityOrder.map((x) => `Open ${x}`)],
    rows: weeks.map((w) => [
      w.week,
      w.new.total,
      w.reopened.total,
      w.fixed.total,
      w.open.total,
      ...severityOrder.map((x) => w.open[x] ?? 0),
    ]),
  };
}
export const num = (n: number | null | undefined): string =>
  n === null || n === undefined ? '-' : String(n);

/** `critical 2 · high 5 · medium 1 · low 0` (severities beyond the four only when non-zero). */
export function bySeverity(counts: Counts, dot = ' · '): string {
  const keys = [
    ...severityOrder,
    ...Object.keys(counts).filter((k) => k !== 'total' && !severityOrder.includes(k as never)),
  ];
  return keys
    .filter((k) => severityOrder.includes(k as never) || (counts[k] ?? 0) > 0)
    .map((k) => `${k} ${counts[k] ?? 0}`)
    .join(dot);
}

export function slaText(report: TrendsReport): string {
  return Object.entries(report.basis.sla_days)
    .map(([severity, d]) => `${severity} ${d}d`)
    .join(', ');
}

/** The groups of the weekly rows (`basis.by`), the largest open backlog first, then by name. */
export function groupsByOpen(weeks: readonly WeekRow[]): string[] {
  const last = weeks.at(-1);
  const keys = new Set<string>();
  for (const w of weeks) for (const k of Object.keys(w.open)) if (k !== 'total') keys.add(k);
  const open = (k: string) => last?.open[k] ?? 0;
  return [...keys].sort((a, b) => open(b) - open(a) || a.localeCompare(b));
}

export interface GroupLine {
  group: string;
  new: number;
  reopened: number;
  fixed: number;
  open: number;
  trend: number[];
}

/** One line per group of `basis.by`: the window's new, reopened and fixed, open now, and open week by week. */
export function groupLines(report: TrendsReport): GroupLine[] {
  const sum = (k: string, kind: 'new' | 'reopened' | 'fixed') =>
    report.weekly.reduce((n, w) => n + (w[kind][k] ?? 0), 0);
  const ordered =
    report.basis.by === 'severity'
      ? groupsByOpen(report.weekly).sort((a, b) => rank(a) - rank(b))
      : groupsByOpen(report.weekly);
  return ordered.map((group) => ({
    group,
    new: sum(group, 'new'),
    reopened: sum(group, 'reopened'),
    fixed: sum(group, 'fixed'),
    open: report.weekly.at(-1)?.open[group] ?? 0,
    trend: report.weekly.map((w) => w.open[group] ?? 0),
  }));
}

function rank(severity: string): number {
  const i = severityOrder.indexOf(severity as never);
  return i < 0 ? severityOrder.length : i;
}

/** The slowest apps by mean time to fix (apps with fixes only). */
export function slowest(rows: readonly TimeToFix[]): TimeToFix[] {
  return rows
    .filter((r) => r.fixes > 0)
    .sort((a, b) => (b.mean_days ?? 0) - (a.mean_days ?? 0) || a.group.localeCompare(b.group))
    .slice(0, topRows);
}

/** The rows with the most open past SLA, then fixed late (rows with neither left out). */
export function worst(rows: readonly SlaRow[]): SlaRow[] {
  return rows
    .filter((r) => r.open_past_sla > 0 || r.fixed_late > 0)
    .sort(
      (a, b) =>
        b.open_past_sla - a.open_past_sla || b.fixed_late - a.fixed_late || a.group.localeCompare(b.group),
    )
    .slice(0, topRows);
}

/** The basis as lines `name: text`, what every output prints under its numbers. */
export function basisLines(report: TrendsReport): string[] {
  const b = report.basis;
  return [
    `window: ${b.since} to ${b.until} (${b.days} days); ${b.apps} apps, ${b.scans} scans in the window`,
    `branch: ${b.branch}`,
    `open: ${b.open}`,
    `new: ${b.new}`,
    `fixed: ${b.fixed}`,
    `left out: ${b.excluded}`,
    `time to fix: ${b.time_to_fix}`,
    `SLA (${slaText(report)}): ${b.sla}`,
    `weeks: ${b.weeks}`,
  ];
}
