import { trendsDocument } from '../../output/trends/exporters.js';
import { choice, defineVerb, list, parsed, text } from '../define.js';
import { when } from '../parsers.js';
import { checkOutputFile } from '../shared/outputs.js';
import { selectApps, selectionOptions } from '../shared/app-selection.js';
import { concurrencyOption, fanOut, withProgress } from '../shared/fan-out.js';
import { planTrends } from './internal/trends-options.js';

export default defineVerb({
  name: 'trends',
  summary: 'New vs fixed per week, the open backlog, time to fix and SLA breaches, with charts',
  description:
    'The security programme over a window (--since, default the 180 days before --until, default now), from ' +
    'the scan history of each app’s default branch: findings new and fixed per week, the open backlog at ' +
    'the end of each week (burn-down), mean and median time to fix by severity, app and team, and the ' +
    'findings open past their severity’s SLA now and fixed late in the window, by app and team.\n\n' +
    'A terminal summary with charts (ASCII under TERM=dumb); -o markdown; -o json or yaml, the whole report; the ' +
    'other data formats every number in long form (section, dimension, group, week, metric, value); --html FILE ' +
    'writes one self-contained page (inline SVG charts, no script, nothing from the network) with an ' +
    'executive summary at the top, and prints only a notice (the report on standard output too with -o).\n\n' +
    'How each number is computed (every output repeats it):\n' +
    'History: the successful scans of each app’s default branch, dated by completion; the last one at or ' +
    'before the window’s start, then each one in the window, every finding of each (whatever its status).\n' +
    'Open: present in the app’s latest default-branch scan at that time.\n' +
    'New: first present in a default-branch scan (absent from the one before); reopened: present again ' +
    'after a fix.\n' +
    'Fixed: present in one default-branch scan and absent from the next, fixed when that scan completed. A ' +
    'status of fixed without such a scan does not count.\n' +
    'Left out: findings now ignored or 3rdparty, which are neither open nor fixed (the data does not say ' +
    'when they were triaged).\n' +
    'Time to fix: from first seen (the scan that first saw the finding, on any branch; for one that came ' +
    'back, its return) to fixed, for the fixes in the window.\n' +
    'SLA (days by severity, default critical=7,high=30,medium=90,low=180; --sla changes some, SEVERITY=none ' +
    'drops one): open past SLA when open at the end of the window for longer; fixed late when fixed in the ' +
    'window after longer.\n' +
    'Weeks start on Monday, 00:00 UTC; the first and last may be cut by the window. --by groups the weekly ' +
    'numbers by severity (default), app or team.\n\n' +
    'It reads each app’s versions (one request per app) and the findings of each scan in the window (one ' +
    'listing per scan), a few at a time (--concurrency).',
  examples: [
    'secscan reports trends',
    'secscan reports trends --since 90d --by team --sla critical=3d,high=14d',
    'secscan report trends --team Payments --html trends.html',
    'secscan reports trends --since 2026-01-01 --until 2026-07-01 -o markdown >> "$GITHUB_STEP_SUMMARY"',
    'secscan reports trends -o csv > trends.csv',
  ],
  operations: ['ListApps', 'ListTeams', 'ReadCompoundShallowByName', 'ListAppVersions', 'ListAppFindings'],
  document: trendsDocument,
  options: {
    since: text(
      '--since <when>',
      'the window’s start: a date (2026-06-01) or a span back from --until (180d, 26w; default 180d)',
    ),
    until: parsed(
      '--until <when>',
      'the window’s end and the “now” of SLA ages: a date or time, or an age (default now)',
      when(),
    ),
    by: choice('--by <dimension>', 'group the weekly numbers by severity (default), app or team', [
      'severity',
      'app',
      'team',
    ]),
    sla: list(
      '--sla <severity=days>',
      'days a finding of that severity may stay open, e.g. critical=7d,high=30d (repeatable; none drops one)',
    ),
    html: text(
      '--html <file>',
      'write the report as one self-contained HTML page with SVG charts (standard output: with -o only)',
      {
        complete: 'file',
      },
    ),
    ...selectionOptions,
    concurrency: concurrencyOption,
  },
  validate({ opts }) {
    if (opts.html !== undefined) checkOutputFile('--html', opts.html);
    return planTrends(opts);
  },
  async run(ctx, { opts, plan }) {
    const { client, scheduler } = await fanOut(ctx, opts.concurrency);
    const [{ readHistories }, { computeTrends }] = await Promise.all([
      import('./internal/trends-data.js'),
      import('../../analytics/trends.js'),
    ]);
    const report = await withProgress(
      ctx,
      'Reading the scan history',
      ['app', 'scan'],
      scheduler,
      async () => {
        const apps = await selectApps(ctx, client, opts);
        const histories = await readHistories(client, scheduler, apps, plan.since, plan.until);
        return computeTrends({ ...plan, apps: histories });
      },
    );
    if (opts.html !== undefined) {
      const [{ trendsHtml }, { writeReportFile }, { wroteNotice }] = await Promise.all([
        import('../../output/trends/html.js'),
        import('../../output/export/write.js'),
        import('../../output/core/wrote.js'),
      ]);
      const html = trendsHtml(report, new Date().toISOString());
      ctx.note(wroteNotice(opts.html, await writeReportFile('--html', opts.html, html)));
    }
    return {
      kind: 'document',
      document: { type: 'trends' as const, report, ascii: ctx.env.TERM === 'dumb' },
      // The page is the output asked for: standard output gets the report too only with -o.
      onlyWhenAsked: opts.html !== undefined,
    };
  },
});
