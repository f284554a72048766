import type { FindingsSummary, Scan } from '../../api/schemas/scans.js';
import { defineView } from '../view.js';

const tag = (s: Scan, key: string) => (s.tags as Record<string, unknown> | undefined)?.[key];

export const scanView = defineView<Scan>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'app', header: 'APP' },
    {
      key: 'branch',
      header: 'BRANCH',
      get: (s) => tag(s, 'branch') ?? (s as Record<string, unknown>).branch,
    },
    { key: 'version', header: 'VERSION' },
    {
      key: 'successful',
      header: 'STATUS',
      get: (s) => (s as Record<string, unknown>).status ?? (s.successful === false ? 'failed' : 'completed'),
      style: (text, _s, chalk) => (text === 'failed' ? chalk.red(text) : text),
    },
    { key: 'is_default_branch', header: 'DEFAULT' },
    { key: 'language', header: 'LANGUAGE' },
    { key: 'total', header: 'FINDINGS' },
    { key: 'started_at', header: 'STARTED' },
    { key: 'completed_at', header: 'COMPLETED' },
  ],
  defaults: ['id', 'branch', 'version', 'successful', 'total', 'started_at'],
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
