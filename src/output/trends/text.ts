import type { ChalkInstance } from 'chalk';
import type { TrendsReport } from '../../analytics/trends-model.js';
import { sanitize } from '../../streams/sanitize.js';
import { renderTable } from '../core/table.js';
import { wrapLine, wrapWords } from '../../streams/width.js';
import type { Column } from '../core/view.js';
import { bar, sparkline } from './charts.js';
import { basisLines, bySeverity, day, groupLines, num, slaText, slowest, topRows, worst } from './shared.js';

export interface TextOptions {
  chalk: ChalkInstance;
  /** ASCII charts (TERM=dumb). */
  ascii: boolean;
  /**
   * The terminal's width: prose wraps at it between words, as notices do, and tables fit it (none: a pipe,
   * nothing wrapped).
   */
  width?: number | undefined;
}

/** A title cut to a width a terminal line holds beside the other columns. */
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

type Row = Record<string, unknown>;
const col = (key: string, header: string, extra: Partial<Column<Row>> = {}): Column<Row> => ({
  key,
  header,
  ...extra,
});

/** The terminal summary: the headline numbers with sparklines, weekly bars, time to fix and SLA tables. */
export function trendsText(report: TrendsReport, options: TextOptions): string {
  const { chalk, ascii } = options;
  const s = report.summary;
  const b = report.basis;
  const weeks = report.weekly_by_severity;
  const width = options.width;
  const table = (rows: Row[], columns: Column<Row>[]) =>
    renderTable(rows, columns, chalk, width ? { width } : {});
  const out: string[] = [];
  const heading = (text: string) => out.push('', chalk.bold(text));

  const wrapped = (text: string, hang = 0) => (width ? wrapLine(text, width, hang) : [text]);
  out.push(
    ...wrapped(`Security programme trends, ${day(b.since)} to ${day(b.until)} (${b.days} days)`).map((l) =>
      chalk.bold(l),
    ),
    ...wrapped(`${b.apps} apps, ${b.scans} scans of their default branches; SLA ${slaText(report)}`),
    '',
  );
  const change = s.open.total - s.open_at_start.total;
  // A headline's words wrap under its text, past the label and the number (which keep their columns).
  const line = (label: string, value: string, rest = '') => {
    const head = `  ${label.padEnd(13)}${value.padStart(6)}   `;
    const [first = '', ...more] = width && rest ? wrapWords(rest, Math.max(20, width - head.length)) : [rest];
    out.push(`${head}${first}`.trimEnd(), ...more.map((l) => `${' '.repeat(head.length)}${l}`));
  };
  line(
    'Open now',
    String(s.open.total),
    `${bySeverity(s.open)} (${change >= 0 ? '+' : ''}${change} in the window)`,
  );
  line(
    'New',
    String(s.new),
    `${sparkline(
      weeks.map((w) => w.new.total),
      ascii,
    )}  per week`,
  );
  line('Reopened', String(s.reopened));
  line(
    'Fixed',
    String(s.fixed),
    `${sparkline(
      weeks.map((w) => w.fixed.total),
      ascii,
    )}  per week`,
  );
  line(
    'Backlog',
    '',
    `${sparkline(
      weeks.map((w) => w.open.total),
      ascii,
    )}  open at each week's end`,
  );
  line(
    'Time to fix',
    '',
    s.fixed
      ? `mean ${num(s.mean_days_to_fix)} days, median ${num(s.median_days_to_fix)} days (${s.fixed} fixes)`
      : 'no fix in the window',
  );
  line('Past SLA', String(s.open_past_sla), `open now; ${s.fixed_late} of ${s.fixed} fixes were late`);

  heading(`New vs fixed per week (${ascii ? '# new, = fixed' : '█ new, ░ fixed'})`);
  const peak = Math.max(1, ...weeks.map((w) => Math.max(w.new.total, w.fixed.total)));
  const fixedBar = (n: number) =>
    bar(n, peak, 20, ascii).replace(ascii ? /#/g : /[█▏▎▍▌▋▊▉]/g, ascii ? '=' : '░');
  out.push(
    table(
      weeks.map((w) => ({
        week: w.week,
        new: w.new.total,
        fixed: w.fixed.total,
        open: w.open.total,
        chart: `${bar(w.new.total, peak, 20, ascii).padEnd(20)} ${fixedBar(w.fixed.total)}`,
      })),
      [
        col('week', 'WEEK'),
        col('new', 'NEW'),
        col('fixed', 'FIXED'),
        col('open', 'OPEN'),
        col('chart', 'NEW / FIXED', { shrink: false }),
      ],
    ).trimEnd(),
  );

  heading(`By ${b.by}: the window's numbers, and open week by week`);
  const groups = groupLines(report);
  const shown = b.by === 'severity' ? groups : groups.slice(0, topRows);
  out.push(
    table(
      shown.map((g) => ({ ...g, group: sanitize(g.group), trend: sparkline(g.trend, ascii) })),
      [
        col('group', b.by.toUpperCase()),
        col('new', 'NEW'),
        col('reopened', 'REOPENED'),
        col('fixed', 'FIXED'),
        col('open', 'OPEN NOW'),
        col('trend', 'OPEN BY WEEK', { shrink: false }),
      ],
    ).trimEnd(),
  );
  if (shown.length < groups.length)
    out.push(...wrapped(`  (${groups.length - shown.length} more: -o json or csv has them all)`, 3));

  heading('Time to fix (days, fixes in the window)');
  const ttf = (rows: TrendsReport['time_to_fix']['by_severity'], what: string) =>
    table(
      rows.map((r) => ({
        ...r,
        group: sanitize(r.group),
        mean_days: num(r.mean_days),
        median_days: num(r.median_days),
      })),
      [col('group', what), col('fixes', 'FIXES'), col('mean_days', 'MEAN'), col('median_days', 'MEDIAN')],
    ).trimEnd();
  out.push(ttf(report.time_to_fix.by_severity, 'SEVERITY'), '', ttf(report.time_to_fix.by_team, 'TEAM'));
  const slow = slowest(report.time_to_fix.by_app);
  if (slow.length) out.push('', ttf(slow, 'SLOWEST APPS'));

  heading('SLA: open past it now, fixed late in the window');
  const slaTable = (rows: TrendsReport['sla']['by_severity'], what: string, withSla = false) =>
    table(
      rows.map((r) => ({ ...r, group: sanitize(r.group), sla_days: num(r.sla_days) })),
      [
        col('group', what),
        ...(withSla ? [col('sla_days', 'SLA DAYS')] : []),
        col('open', 'OPEN'),
        col('open_past_sla', 'PAST SLA'),
        col('fixed', 'FIXED'),
        col('fixed_late', 'LATE'),
      ],
    ).trimEnd();
  out.push(slaTable(report.sla.by_severity, 'SEVERITY', true), '', slaTable(report.sla.by_team, 'TEAM'));
  const bad = worst(report.sla.by_app);
  if (bad.length) out.push('', slaTable(bad, 'APPS MOST PAST SLA'));
  const breaches = report.sla.breaches.slice(0, topRows);
  if (breaches.length) {
    out.push(
      '',
      table(
        breaches.map((x) => ({
          ...x,
          app: sanitize(x.app),
          title: short(sanitize(x.title)),
          open_since: day(x.open_since),
        })),
        [
          col('app', 'LONGEST PAST SLA'),
          col('finding', 'FINDING'),
          col('severity', 'SEVERITY'),
          col('open_since', 'OPEN SINCE'),
          col('over_by_days', 'DAYS OVER'),
          col('title', 'TITLE', { shrink: true }),
        ],
      ).trimEnd(),
    );
  }

  heading('How these numbers were computed');
  for (const text of basisLines(report)) out.push(...wrapped(`  ${sanitize(text)}`, 4));
  return `${out.join('\n')}\n`;
}
