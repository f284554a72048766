import type { ChalkInstance } from 'chalk';
import { defineView } from '../core/view.js';

import type { StatsRow } from '../../stats/counts.js';

export type { StatsRow };

const bold = (r: StatsRow, text: string, chalk: ChalkInstance) => (r.is_total ? chalk.bold(text) : text);
const unknown = (n: number | null) => (n === null ? '?' : n);

const columns = [
  {
    key: 'app',
    header: 'APP',
    get: (r: StatsRow) => (r.is_total ? `(total: ${r.apps ?? 0} apps)` : r.app),
    style: (t: string, r: StatsRow, chalk: ChalkInstance) => bold(r, t, chalk),
  },
  { key: 'team', header: 'TEAM', priority: 3, shrink: true },
  {
    key: 'critical',
    header: 'CRITICAL',
    style: (t: string, r: StatsRow, chalk: ChalkInstance) =>
      r.critical > 0 ? chalk.red.bold(t) : bold(r, t, chalk),
  },
  { key: 'high', header: 'HIGH' },
  { key: 'medium', header: 'MEDIUM' },
  { key: 'low', header: 'LOW' },
  {
    key: 'total',
    header: 'TOTAL',
    style: (t: string, r: StatsRow, chalk: ChalkInstance) => bold(r, t, chalk),
  },
  { key: 'vuln', header: 'VULN', priority: 4 },
  { key: 'secret', header: 'SECRET', priority: 4 },
  { key: 'oss_vuln', header: 'OSS', priority: 5 },
  {
    key: 'oss_vuln_reachable',
    header: 'OSS_REACH',
    priority: 6,
    get: (r: StatsRow) => unknown(r.oss_vuln_reachable),
  },
  {
    key: 'oss_vuln_unreachable',
    header: 'OSS_UNREACH',
    get: (r: StatsRow) => unknown(r.oss_vuln_unreachable),
  },
  { key: 'container', header: 'CONTAINER', priority: 5 },
  { key: 'other', header: 'OTHER', priority: 5 },
  { key: 'last_scan', header: 'LAST_SCAN', priority: 2 },
  { key: 'scan_id', header: 'SCAN', priority: 7 },
  { key: 'is_total', header: 'IS_TOTAL', priority: 7 },
];

const shown = [
  'app',
  'team',
  'critical',
  'high',
  'medium',
  'low',
  'total',
  'vuln',
  'secret',
  'oss_vuln_reachable',
  'oss_vuln_unreachable',
  'container',
  'last_scan',
];

/** A table for people: the totals row last, in bold. */
/**
 * The counts of each app; -o csv is for a spreadsheet: every count, and is_total on each row, so a filter or
 * a sum over the apps leaves the totals row out (its APP cell reads `(total: N apps)`).
 */
export const statsView = defineView<StatsRow>({
  columns,
  defaults: shown,
  defaultsFor: {
    csv: [...shown.slice(0, 9), 'oss_vuln', ...shown.slice(9), 'other', 'scan_id', 'is_total'],
  },
  emptyMessage: 'No apps match.',
});
