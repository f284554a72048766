import type * as z from 'zod';
import type { Compound, ShallowCompound, StreamlinedScans } from '@secscan/api/schemas/compounds';
import type { FindingsSummary } from '@secscan/api/schemas/scans';
import { compoundScanState } from '../../util/scan-state.js';
import { defineView } from '../core/view.js';
import { summaryLines } from './scans.js';

/** The ids of a compound's apps: the full form maps keys to app objects, the shallow one lists plain ids. */
export function appIds(c: Compound | ShallowCompound): string[] {
  return Object.values(c.apps ?? {}).map((a) =>
    typeof a === 'string' ? a : String((a as { id?: unknown }).id ?? ''),
  );
}

export const compoundView = defineView<Compound>({
  columns: [
    { key: 'name', header: 'NAME' },
    { key: 'id', header: 'ID', priority: 3 },
    { key: 'apps', header: 'APPS', get: (c) => appIds(c).join(', ') },
    { key: 'is_archived', header: 'ARCHIVED', priority: 2 },
  ],
  emptyMessage: 'No compounds.',
});

/** `compounds show`: the shallow form (apps by id) or, with --full, the full one. */
export const compoundDetailView = defineView<Compound | ShallowCompound>({
  columns: [
    { key: 'name', header: 'Name' },
    { key: 'id', header: 'ID', priority: 3 },
    {
      key: 'apps',
      header: 'Apps',
      get: (c) => appIds(c).join('\n'),
    },
  ],
});

export const compoundBranchView = defineView<{ branch: string }>({
  columns: [{ key: 'branch', header: 'BRANCH' }],
  emptyMessage: 'No branches.',
});

type CompoundScan = Record<string, unknown> & {
  scans?: { app?: string; id?: string; version?: string }[] | null;
  findings_summaries?: FindingsSummary[] | null;
};

export const compoundScanView = defineView<CompoundScan>({
  columns: [
    { key: 'polyglot_scan_id', header: 'Scan' },
    { key: 'compound_id', header: 'Compound' },
    { key: 'branch', header: 'Branch' },
    // The service shows it by its app scans (`successful`, `completed_at`); the sandbox adds `status`.
    { key: 'status', header: 'Status', get: (s) => compoundScanState(s) ?? s.status },
    {
      key: 'scans',
      header: 'App scans',
      get: (s) => (s.scans ?? []).map((a) => `${a.app} ${a.id} (${a.version})`).join('\n'),
    },
    { key: 'findings_summaries', header: 'Findings', get: (s) => summaryLines(s.findings_summaries) },
  ],
});

/** A scan of `compounds scans --streamlined`. */
export type Streamlined = z.infer<typeof StreamlinedScans>['scans'][number];

type Counts = { critical?: number; high?: number; medium?: number; low?: number };
const bySeverity = (counts: Counts | undefined) =>
  counts ? `${counts.critical ?? 0}/${counts.high ?? 0}/${counts.medium ?? 0}/${counts.low ?? 0}` : '';

export const streamlinedScanView = defineView<Streamlined>({
  columns: [
    { key: 'polyglot_scan_id', header: 'ID' },
    { key: 'branch', header: 'BRANCH' },
    { key: 'created_at', header: 'CREATED', priority: 2 },
    { key: 'agent', header: 'AGENT', priority: 5 },
    { key: 'languages', header: 'LANGUAGES', priority: 4, get: (s) => (s.languages ?? []).join(',') },
    { key: 'vulns', header: 'VULNS C/H/M/L', get: (s) => bySeverity(s.vulns) },
    { key: 'oss_vulns', header: 'OSS C/H/M/L', priority: 3, get: (s) => bySeverity(s.oss_vulns) },
    { key: 'secrets', header: 'SECRETS', priority: 3 },
  ],
  emptyMessage: 'No scans.',
});

export const fixStatsView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'compound_name', header: 'COMPOUND' },
    { key: 'fix_count', header: 'FIXES', priority: 1 },
  ],
  emptyMessage: 'No compounds.',
});
