import { findingTypes } from '@secscan/api/values';
import { statsView } from '../../output/views/stats.js';
import { defineVerb, flag, list } from '../define.js';
import { defaultBranchOf, selectApps, selectionOptions } from '../shared/app-selection.js';
import { concurrencyOption, fanOut, withProgress } from '../shared/fan-out.js';
import { countApp, totalsRow } from '../../stats/counts.js';

export default defineVerb({
  name: 'stats',
  section: 'daily',
  summary: 'Open findings of every app by severity and type, with the organization’s totals',
  description:
    'One row per app: its open findings by severity (critical, high, medium, low, total) and by type ' +
    '(vuln, secret, oss_vuln reachable and unreachable, container, other), and when its last scan ran; the ' +
    'organization’s totals last. The counts are those `secscan findings list --app APP --all` lists for ' +
    'the same flags: the findings of the app’s latest scan (of its default branch with --default-branch), ' +
    'status unset (neither fixed, ignored nor 3rdparty). Each app costs one request (its findings listing ' +
    'with only_counts), sent a few at a time (--concurrency).\n\n' +
    'The totals row comes last in every format. In -o json and ndjson it has "is_total": true, "app": ' +
    'null and "apps" (how many apps it sums), and the app rows "is_total": false; -o csv has an ' +
    'is_total column, so a spreadsheet can filter it out before summing. oss_vuln_reachable and oss_vuln_unreachable are null (? in a table) when the ' +
    'service does not count the reachability of every dependency finding.',
  examples: [
    'secscan stats',
    'secscan stats --team Payments --default-branch',
    'secscan stats --type vuln --type oss_vuln -o csv > stats.csv',
    "secscan stats -o json | jq '.[] | select(.is_total | not) | select(.critical > 0) | .app'",
  ],
  operations: ['ListApps', 'ListTeams', 'ReadCompoundShallowByName', 'ListAppFindings'],
  options: {
    ...selectionOptions,
    type: list('--type <type>', 'count only findings of this type (repeatable)', { choices: findingTypes }),
    defaultBranch: flag('--default-branch', 'count the latest scan of each app’s default branch'),
    concurrency: concurrencyOption,
  },
  view: statsView,
  async run(ctx, { opts }) {
    const { client, scheduler } = await fanOut(ctx, opts.concurrency);
    const rows = await withProgress(ctx, 'Counting findings', ['app'], scheduler, async () => {
      const apps = await selectApps(ctx, client, opts);
      return scheduler.map(apps, (app) =>
        countApp(client, app, {
          type: opts.type?.length ? opts.type : undefined,
          tags: opts.defaultBranch ? [`branch=${defaultBranchOf(app)}`] : undefined,
        }),
      );
    });
    return { kind: 'list', rows: rows.length ? [...rows, totalsRow(rows)] : [] };
  },
});
