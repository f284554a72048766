import type { TrendsReport } from '../../analytics/trends-model.js';
import { markdownText } from '../formats/markdown.js';
import { sparkline } from './charts.js';
import {
  basisLines,
  bySeverity,
  day,
  groupLines,
  num,
  slaText,
  slowest,
  topRows,
  weeklyTable,
  worst,
} from './shared.js';

function table(headers: string[], rows: (string | number)[][], numeric: boolean[] = []): string[] {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map((_, i) => (numeric[i] ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${r.map((v) => (typeof v === 'number' ? String(v) : v)).join(' | ')} |`),
  ];
}

/** The trends as Markdown: for a wiki page, a pull request or `$GITHUB_STEP_SUMMARY`. */
export function trendsMarkdown(report: TrendsReport): string {
  const s = report.summary;
  const b = report.basis;
  const weeks = report.weekly_by_severity;
  const change = s.open.total - s.open_at_start.total;
  const weekly = weeklyTable(weeks);
  const lines = [
    `## Security programme trends, ${day(b.since)} to ${day(b.until)}`,
    '',
    `${b.apps} apps, ${b.scans} scans of their default branches over ${b.days} days; SLA ${slaText(report)}.`,
    '',
    `- **Open now: ${s.open.total}** (${bySeverity(s.open, ', ')}); ${change >= 0 ? '+' : ''}${change} in the window`,
    `- **New: ${s.new}**, reopened: ${s.reopened}, **fixed: ${s.fixed}**`,
    `- **Time to fix:** ${s.fixed ? `mean ${num(s.mean_days_to_fix)} days, median ${num(s.median_days_to_fix)} days` : 'no fix in the window'}`,
    `- **Past SLA:** ${s.open_past_sla} open now; ${s.fixed_late} of ${s.fixed} fixes were late`,
    `- Weekly new \`${sparkline(weeks.map((w) => w.new.total))}\`, fixed \`${sparkline(weeks.map((w) => w.fixed.total))}\`, open \`${sparkline(weeks.map((w) => w.open.total))}\``,
    '',
    '### Week by week',
    '',
    ...table(weekly.headers, weekly.rows, [false, true, true, true, true, true, true, true, true]),
    '',
    `### By ${b.by}`,
    '',
  ];
  const groups = groupLines(report);
  const shown = b.by === 'severity' ? groups : groups.slice(0, topRows);
  lines.push(
    ...table(
      [markdownText(b.by), 'New', 'Reopened', 'Fixed', 'Open now', 'Open by week'],
      shown.map((g) => [
        markdownText(g.group),
        g.new,
        g.reopened,
        g.fixed,
        g.open,
        `\`${sparkline(g.trend)}\``,
      ]),
      [false, true, true, true, true, false],
    ),
  );
  if (shown.length < groups.length)
    lines.push('', `${groups.length - shown.length} more in \`-o json\` or \`-o csv\`.`);
  const ttf = (rows: TrendsReport['time_to_fix']['by_team'], what: string) =>
    table(
      [what, 'Fixes', 'Mean days', 'Median days'],
      rows.map((r) => [markdownText(r.group), r.fixes, num(r.mean_days), num(r.median_days)]),
      [false, true, true, true],
    );
  lines.push(
    '',
    '### Time to fix',
    '',
    ...ttf(report.time_to_fix.by_severity, 'Severity'),
    '',
    ...ttf(report.time_to_fix.by_team, 'Team'),
  );
  const slow = slowest(report.time_to_fix.by_app);
  if (slow.length) lines.push('', ...ttf(slow, 'Slowest apps'));
  const sla = (rows: TrendsReport['sla']['by_team'], what: string) =>
    table(
      [what, 'Open', 'Open past SLA', 'Fixed', 'Fixed late'],
      rows.map((r) => [markdownText(r.group), r.open, r.open_past_sla, r.fixed, r.fixed_late]),
      [false, true, true, true, true],
    );
  lines.push(
    '',
    '### SLA',
    '',
    ...sla(report.sla.by_severity, 'Severity'),
    '',
    ...sla(report.sla.by_team, 'Team'),
  );
  const bad = worst(report.sla.by_app);
  if (bad.length) lines.push('', ...sla(bad, 'Apps most past SLA'));
  const breaches = report.sla.breaches.slice(0, topRows);
  if (breaches.length) {
    lines.push(
      '',
      ...table(
        ['App', 'Finding', 'Severity', 'Open since', 'Days over SLA', 'Title'],
        breaches.map((x) => [
          markdownText(x.app),
          markdownText(x.finding),
          markdownText(x.severity),
          day(x.open_since),
          x.over_by_days,
          markdownText(x.title),
        ]),
        [false, false, false, false, true, false],
      ),
    );
  }
  lines.push(
    '',
    '### How these numbers were computed',
    '',
    ...basisLines(report).map((l) => `- ${markdownText(l)}`),
  );
  return `${lines.join('\n')}\n`;
}
