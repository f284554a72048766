import { severityOrder, type TrendsReport } from '../../analytics/trends-model.js';
import { sanitize } from '../../streams/sanitize.js';
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
import { esc, hbars, lines, pairedBars, patterns } from './svg.js';

const text = (value: string | number | null | undefined) =>
  esc(sanitize(value === null || value === undefined ? '-' : String(value)));

function table(headers: string[], rows: (string | number | null)[][], caption: string): string {
  const cell = (v: string | number | null) =>
    typeof v === 'number' || v === null ? `<td class="n">${text(v)}</td>` : `<td>${text(v)}</td>`;
  const numeric = headers.map((_, c) => rows.some((r) => typeof r[c] === 'number'));
  return [
    `<table><caption>${esc(caption)}</caption>`,
    `<thead><tr>${headers.map((h, c) => `<th scope="col"${numeric[c] ? ' class="n"' : ''}>${esc(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('\n')}</tbody></table>`,
  ].join('\n');
}

const style = `
:root { color: #1b1b1b; background: #fff; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
body { max-width: 760px; margin: 2rem auto; padding: 0 1rem; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 2px solid #1b1b1b; }
.lead { font-size: 1.05rem; }
.cards { display: grid; grid-template-columns: repeat(3, 1fr); gap: .6rem; margin: 1rem 0; }
.card { border: 2px solid #1b1b1b; padding: .5rem .7rem; }
.card b { display: block; font-size: 1.6rem; }
.chart { width: 100%; height: auto; display: block; margin: .5rem 0; }
table { border-collapse: collapse; width: 100%; margin: .6rem 0 1rem; font-size: .9rem; }
caption { text-align: left; font-weight: 600; padding: .2rem 0; }
th, td { border-bottom: 1px solid #999; padding: .15rem .4rem; text-align: left; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.n, td:first-child { white-space: nowrap; }
.basis li { margin: .2rem 0; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } .chart, table, .cards { break-inside: avoid; } }
`;

/** One self-contained page: the executive summary, then the charts, each with its numbers in a table. */
export function trendsHtml(report: TrendsReport, generated: string): string {
  const s = report.summary;
  const b = report.basis;
  const weeks = report.weekly_by_severity;
  const labels = weeks.map((w) => w.week);
  const weekly = weeklyTable(weeks);
  const change = s.open.total - s.open_at_start.total;
  const direction = change > 0 ? `grew by ${change}` : change < 0 ? `shrank by ${-change}` : 'did not change';
  const card = (value: string | number, label: string) =>
    `<div class="card"><b>${text(value)}</b>${esc(label)}</div>`;
  const groups = groupLines(report);
  const slow = slowest(report.time_to_fix.by_app);
  const bad = worst(report.sla.by_app);
  const body = [
    `<h1>Security programme trends</h1>`,
    `<p>${esc(day(b.since))} to ${esc(day(b.until))} (${b.days} days) · ${b.apps} apps · ${b.scans} scans of their default branches · SLA ${esc(slaText(report))}</p>`,
    `<section aria-labelledby="summary"><h2 id="summary">Executive summary</h2>`,
    `<p class="lead">The open backlog ${direction} over the window, to <b>${s.open.total}</b> findings (${esc(bySeverity(s.open, ', '))}). ` +
      `${s.new} findings were new and ${s.reopened} came back; ${s.fixed} were fixed` +
      (s.fixed
        ? `, in ${num(s.mean_days_to_fix)} days on average (median ${num(s.median_days_to_fix)})`
        : '') +
      `. <b>${s.open_past_sla}</b> open findings are past their SLA, and ${s.fixed_late} of the ${s.fixed} fixes came late.</p>`,
    `<div class="cards">`,
    card(s.open.total, `open now (${change >= 0 ? '+' : ''}${change})`),
    card(s.open.critical ?? 0, 'critical open'),
    card(s.open_past_sla, 'open past SLA'),
    card(s.new, 'new in the window'),
    card(s.fixed, 'fixed in the window'),
    card(s.fixed ? `${num(s.mean_days_to_fix)} d` : '-', 'mean time to fix'),
    `</div></section>`,
    `<h2>New and fixed, week by week</h2>`,
    pairedBars(
      'New and fixed findings per week',
      labels,
      weeks.map((w) => w.new.total),
      weeks.map((w) => w.fixed.total),
      ['new', 'fixed'],
    ),
    `<h2>Open backlog (burn-down)</h2>`,
    lines('Open findings at the end of each week', labels, [
      { name: 'all', values: weeks.map((w) => w.open.total) },
      ...severityOrder.map((sev) => ({ name: sev, values: weeks.map((w) => w.open[sev] ?? 0) })),
    ]),
    table(weekly.headers, weekly.rows, 'Week by week (weeks start on Monday, UTC)'),
    `<h2>Time to fix</h2>`,
    hbars(
      'Mean days to fix by severity, the SLA marked',
      report.time_to_fix.by_severity.map((r) => ({
        label: r.group,
        value: r.mean_days ?? 0,
        ...(b.sla_days[r.group] === undefined ? {} : { mark: b.sla_days[r.group] as number }),
        text: r.fixes ? `mean ${num(r.mean_days)} d, median ${num(r.median_days)} d` : 'no fix',
      })),
      'bar: mean days to fix; dashed mark: the SLA',
    ),
    table(
      ['Severity', 'Fixes', 'Mean days', 'Median days'],
      report.time_to_fix.by_severity.map((r) => [r.group, r.fixes, r.mean_days, r.median_days]),
      'By severity',
    ),
    table(
      ['Team', 'Fixes', 'Mean days', 'Median days'],
      report.time_to_fix.by_team.map((r) => [r.group, r.fixes, r.mean_days, r.median_days]),
      'By team',
    ),
    ...(slow.length
      ? [
          table(
            ['App', 'Team', 'Fixes', 'Mean days', 'Median days'],
            slow.map((r) => [r.group, r.team ?? '', r.fixes, r.mean_days, r.median_days]),
            `Slowest apps (top ${topRows})`,
          ),
        ]
      : []),
    `<h2>SLA breaches</h2>`,
    hbars(
      'Findings open past their SLA now, and fixes that came late, by team',
      report.sla.by_team.map((r) => ({
        label: sanitize(r.group),
        value: r.open_past_sla,
        second: r.fixed_late,
        text: `${r.open_past_sla} past SLA, ${r.fixed_late} fixed late`,
      })),
      'solid: open past SLA now; hatched: fixed late in the window',
    ),
    table(
      ['Severity', 'SLA days', 'Open', 'Open past SLA', 'Fixed', 'Fixed late'],
      report.sla.by_severity.map((r) => [
        r.group,
        r.sla_days ?? null,
        r.open,
        r.open_past_sla,
        r.fixed,
        r.fixed_late,
      ]),
      'By severity',
    ),
    table(
      ['Team', 'Open', 'Open past SLA', 'Fixed', 'Fixed late'],
      report.sla.by_team.map((r) => [r.group, r.open, r.open_past_sla, r.fixed, r.fixed_late]),
      'By team',
    ),
    ...(bad.length
      ? [
          table(
            ['App', 'Team', 'Open', 'Open past SLA', 'Fixed', 'Fixed late'],
            bad.map((r) => [r.group, r.team ?? '', r.open, r.open_past_sla, r.fixed, r.fixed_late]),
            `Apps most past their SLA (top ${topRows})`,
          ),
        ]
      : []),
    ...(report.sla.breaches.length
      ? [
          table(
            ['App', 'Finding', 'Severity', 'Open since', 'Days over SLA', 'Title'],
            report.sla.breaches
              .slice(0, topRows)
              .map((x) => [x.app, x.finding, x.severity, day(x.open_since), x.over_by_days, x.title]),
            `Longest past their SLA (top ${topRows})`,
          ),
        ]
      : []),
    `<h2>By ${esc(b.by)}</h2>`,
    table(
      [b.by, 'New', 'Reopened', 'Fixed', 'Open now'],
      (b.by === 'severity' ? groups : groups.slice(0, topRows * 2)).map((g) => [
        g.group,
        g.new,
        g.reopened,
        g.fixed,
        g.open,
      ]),
      `The window's numbers by ${b.by}`,
    ),
    `<h2>How these numbers were computed</h2>`,
    `<ul class="basis">${basisLines(report)
      .map((l) => `<li>${text(l)}</li>`)
      .join('\n')}</ul>`,
    `<p>Every number, for every app and team: <code>secscan reports trends -o json</code> or <code>-o csv</code>. Generated ${esc(generated)}.</p>`,
  ];
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Security programme trends, ${esc(day(b.since))} to ${esc(day(b.until))}</title>`,
    `<style>${style}</style></head><body>`,
    patterns,
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}
