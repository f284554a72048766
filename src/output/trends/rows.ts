import type { TrendsReport, WeekRow } from '../../analytics/trends-model.js';
import { defineView } from '../core/view.js';

/** One number of the trends, in long form: what a spreadsheet's pivot table or a database wants. */
export type TrendsRow = {
  section: string;
  dimension: string;
  group: string;
  week: string;
  metric: string;
  value: number | string | null;
};

export const trendsRowView = defineView<TrendsRow>({
  columns: ['section', 'dimension', 'group', 'week', 'metric', 'value'].map((key) => ({
    key,
    header: key.toUpperCase(),
  })),
});

/** Every number of the report, one a row: the basis first, then summary, weeks, time to fix and SLA. */
export function* trendsRows(report: TrendsReport): Generator<TrendsRow> {
  const row = (
    section: string,
    dimension: string,
    group: string,
    week: string,
    metric: string,
    value: TrendsRow['value'],
  ) => ({ section, dimension, group, week, metric, value }) satisfies TrendsRow;
  for (const [metric, value] of Object.entries(report.basis)) {
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) yield row('basis', 'severity', k, '', metric, v as number);
    } else yield row('basis', '', '', '', metric, value as string | number);
  }
  const s = report.summary;
  for (const [metric, value] of Object.entries(s)) {
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value))
        yield row('summary', k === 'total' ? '' : 'severity', k === 'total' ? '' : k, '', metric, v);
    } else yield row('summary', '', '', '', metric, value);
  }
  const weeks = function* (rows: readonly WeekRow[], dimension: string) {
    for (const w of rows) {
      for (const metric of ['new', 'reopened', 'fixed', 'open'] as const) {
        for (const [k, v] of Object.entries(w[metric])) {
          yield row('weekly', k === 'total' ? '' : dimension, k === 'total' ? '' : k, w.week, metric, v);
        }
      }
    }
  };
  yield* weeks(report.weekly, report.basis.by);
  if (report.basis.by !== 'severity') yield* weeks(report.weekly_by_severity, 'severity');
  for (const [by, rows] of Object.entries(report.time_to_fix)) {
    const dimension = by.replace(/^by_/, '');
    for (const r of rows) {
      for (const metric of ['fixes', 'mean_days', 'median_days'] as const)
        yield row('time_to_fix', dimension, r.group, '', metric, r[metric]);
    }
  }
  for (const by of ['by_severity', 'by_app', 'by_team'] as const) {
    const dimension = by.replace(/^by_/, '');
    for (const r of report.sla[by]) {
      if (r.sla_days !== undefined) yield row('sla', dimension, r.group, '', 'sla_days', r.sla_days);
      for (const metric of ['open', 'open_past_sla', 'fixed', 'fixed_late'] as const)
        yield row('sla', dimension, r.group, '', metric, r[metric]);
    }
  }
  for (const b of report.sla.breaches) {
    for (const [metric, value] of Object.entries(b)) {
      if (metric !== 'finding') yield row('breach', 'finding', b.finding, '', metric, value);
    }
  }
}
