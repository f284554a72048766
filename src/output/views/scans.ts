import type { DiffFinding, FindingsSummary, Scan } from '@secscan/api/schemas/scans';
import type { RuleRow } from '../../gate/report.js';
import { scanState } from '../../util/scan-state.js';
import { defineView } from '../core/view.js';

const tag = (s: Scan, key: string) => (s.tags as Record<string, unknown> | undefined)?.[key];

export const scanView = defineView<Scan>({
  columns: [
    // A compound scan read by id names itself by `polyglot_scan_id`.
    { key: 'id', header: 'ID', get: (s) => s.id ?? (s as Record<string, unknown>).polyglot_scan_id },
    { key: 'app', header: 'APP', priority: 3 },
    {
      key: 'branch',
      header: 'BRANCH',
      get: (s) => tag(s, 'branch') ?? (s as Record<string, unknown>).branch,
    },
    { key: 'version', header: 'VERSION', priority: 3 },
    // The state the answer shows (`successful`, `completed_at`): `status  completed`, not `successful  completed`.
    {
      key: 'status',
      header: 'STATUS',
      get: (s) => scanState(s) ?? 'unknown',
      style: (text, _s, chalk) => (text === 'failed' ? chalk.red(text) : text),
    },
    { key: 'is_default_branch', header: 'DEFAULT', priority: 4 },
    { key: 'language', header: 'LANGUAGE', priority: 4 },
    { key: 'total', header: 'FINDINGS', priority: 2 },
    { key: 'started_at', header: 'STARTED', priority: 2 },
    { key: 'completed_at', header: 'COMPLETED', priority: 3 },
  ],
  defaults: ['id', 'branch', 'version', 'status', 'total', 'started_at'],
  emptyMessage: 'No scans.',
});

export function summaryLines(summaries: FindingsSummary[] | null | undefined): string {
  return (summaries ?? [])
    .map((s) => {
      const sev = Object.entries(s.by_severity ?? {})
        .map(([k, v]) => `${k} ${v.total ?? 0}`)
        .join(', ');
      return `${s.finding_type ?? 'all'}: ${s.total ?? 0} (${s.total_reachable ?? 0} reachable, ${s.total_fixed ?? 0} fixed, ${s.total_ignored ?? 0} ignored)${sev ? `; ${sev}` : ''}`;
    })
    .join('\n');
}

export const scanDetailView = defineView<Scan>({
  columns: [
    ...scanView.columns,
    { key: 'number_of_expressions', header: 'EXPRESSIONS' },
    { key: 'total_fixed', header: 'FIXED' },
    { key: 'total_ignored', header: 'IGNORED' },
    {
      key: 'oss_info',
      header: 'SCA',
      get: (s) =>
        s.oss_info
          ? s.oss_info.successful === false
            ? `failed: ${s.oss_info.failure_reason ?? ''}`
            : 'ok'
          : '',
    },
    { key: 'findings_summaries', header: 'SUMMARIES', get: (s) => summaryLines(s.findings_summaries) },
  ],
});

/** `scans owasp`: one row per year, OWASP category and finding category with findings. */
export type OwaspRow = {
  year: string;
  owasp_category: string;
  category: string;
  count: number;
};

export const owaspView = defineView<OwaspRow>({
  columns: [
    { key: 'year', header: 'YEAR', priority: 2 },
    { key: 'owasp_category', header: 'OWASP CATEGORY' },
    { key: 'category', header: 'CATEGORY', priority: 3 },
    { key: 'count', header: 'COUNT' },
  ],
  emptyMessage: 'No findings in this scan.',
});

/** `scans report`: one row per rule of each check result recorded for a scan. */
export type CheckReportRow = {
  check: number;
  rule: string;
  matched: number;
  reachable: number;
  over: number;
  result: string;
};

export const checkReportView = defineView<CheckReportRow>({
  columns: [
    { key: 'check', header: 'CHECK', priority: 2 },
    // The rule's name is what the verdict and the rules file call it: never cut.
    { key: 'rule', header: 'RULE', shrink: false },
    { key: 'matched', header: 'MATCHED' },
    { key: 'reachable', header: 'REACHABLE', priority: 2 },
    { key: 'over', header: 'OVER' },
    {
      key: 'result',
      header: 'RESULT',
      style: (text, _r, chalk) => (text === 'FAIL' ? chalk.red.bold(text) : chalk.green(text)),
    },
  ],
  emptyMessage: 'No check results for this scan.',
});

/** `scans compare`: a finding and which side of the comparison it is on. */
export type DiffRow = DiffFinding & { diff: 'new' | 'fixed' | 'common' };

export const diffView = defineView<DiffRow>({
  columns: [
    {
      key: 'diff',
      header: 'DIFF',
      get: (r) => (r.regression ? 'new (regression)' : r.diff),
      style: (text, r, chalk) =>
        r.diff === 'new' ? chalk.red(text) : r.diff === 'fixed' ? chalk.green(text) : text,
    },
    { key: 'id', header: 'ID' },
    { key: 'severity', header: 'SEVERITY' },
    { key: 'type', header: 'TYPE', priority: 3 },
    { key: 'category', header: 'CATEGORY', priority: 3, shrink: true },
    { key: 'title', header: 'TITLE', shrink: true },
    { key: 'regression', header: 'REGRESSION', priority: 4 },
    { key: 'app', header: 'APP', priority: 3 },
    {
      key: 'suppressed',
      header: 'SUPPRESSED',
      priority: 3,
      get: (r) => {
        const line = (r as { suppression?: { line?: number } }).suppression?.line;
        return line === undefined ? '' : `line ${line}`;
      },
    },
  ],
  defaults: ['diff', 'id', 'severity', 'category', 'title'],
  emptyMessage: 'No findings in either scan.',
});

/** With an ignore file in effect: the SUPPRESSED column too. */
export const suppressedDiffView = defineView<DiffRow>({
  ...diffView,
  defaults: [...(diffView.defaults ?? []), 'suppressed'],
});

/** `scans check`: a rule of the gate and its verdict. */
export const gateRuleView = defineView<RuleRow>({
  columns: [
    // The rule's name is what the verdict and the rules file call it: never cut.
    { key: 'rule', header: 'RULE', shrink: false },
    { key: 'matched', header: 'MATCHED' },
    { key: 'suppressed', header: 'SUPPRESSED', get: (r) => r.suppressed ?? '', priority: 2 },
    { key: 'reachable', header: 'REACHABLE', priority: 2 },
    { key: 'threshold', header: 'THRESHOLD', priority: 3 },
    { key: 'over', header: 'OVER' },
    {
      key: 'result',
      header: 'RESULT',
      get: (r) => r.result.toUpperCase(),
      style: (text, _r, chalk) => (text === 'FAIL' ? chalk.red.bold(text) : chalk.green(text)),
    },
  ],
  defaults: ['rule', 'matched', 'reachable', 'threshold', 'over', 'result'],
});

/** With an ignore file in effect: SUPPRESSED too (of a recounted rule, how many of MATCHED do not count). */
export const suppressedGateRuleView = defineView<RuleRow>({
  ...gateRuleView,
  defaults: ['rule', 'matched', 'suppressed', 'reachable', 'threshold', 'over', 'result'],
});
