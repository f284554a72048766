import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { FindingsSummary, Scan, ScanInfo, TagCount } from '@secscan/api/schemas/scans';
import { notFound, ReplyError } from '../http.js';
import type { AppRecord, SandboxState } from '../state.js';
import { findingPositions } from './findings-query.js';
import type { FindingRecord, ScanRecord } from '../model/analysis.js';

export const severityRank: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };

export function requireApp(state: SandboxState, id: string): AppRecord {
  const app = state.apps.find((a) => a.id === id);
  if (!app) throw new ReplyError(notFound(`no app has the id ${id}`));
  return app;
}

/** Whether a scan is on its app's default branch now (the default branch can change). */
export function onDefaultBranch(state: SandboxState, scan: ScanRecord): boolean {
  const app = state.apps.find((a) => a.id === scan.app);
  return app ? scan.branch === app.base_branch : scan.is_default_branch;
}

/**
 * The findings of `ids`, in their order, through the organization's index of findings by id (kept while
 * the findings only grow): a scan listing answers in its scans' findings, not in a map of the whole
 * organization built for each scan (24 scans an app at a million findings: minutes, past a client's 30 s).
 */
export function findingsOf(state: SandboxState, ids: readonly string[]): FindingRecord[] {
  const findings = state.analysis.findings;
  const position = findingPositions(state);
  return ids.flatMap((id) => {
    const at = position.get(id);
    return at === undefined ? [] : [findings[at] as FindingRecord];
  });
}

/** Newest first. */
export function appScans(state: SandboxState, appId: string): ScanRecord[] {
  return state.analysis.scans
    .filter((s) => s.app === appId)
    .sort((a, b) => b.started_at.localeCompare(a.started_at) || Number(b.id) - Number(a.id));
}

type Tally = { total: number; total_fixed: number; total_ignored: number };

function tally(map: Record<string, Tally>, key: string, f: FindingRecord): void {
  const t = map[key] ?? { total: 0, total_fixed: 0, total_ignored: 0 };
  map[key] = t;
  t.total++;
  if (f.status === 'fixed') t.total_fixed++;
  if (f.status === 'ignored') t.total_ignored++;
}

export function findingsSummaries(findings: readonly FindingRecord[]): PayloadOf<typeof FindingsSummary>[] {
  const types = [...new Set(findings.map((f) => f.type))].sort();
  return types.map((type) => {
    const of = findings.filter((f) => f.type === type);
    const by_severity: Record<string, Tally> = {};
    const by_category: Record<string, Tally> = {};
    const by_assignee: Record<string, Tally> = {};
    for (const f of of) {
      tally(by_severity, f.severity, f);
      tally(by_category, f.category, f);
      if (f.assignee) tally(by_assignee, f.assignee, f);
    }
    return {
      finding_type: type,
      total: of.length,
      total_reachable: of.filter((f) => f.reachable).length,
      total_ignored: of.filter((f) => f.status === 'ignored').length,
      total_fixed: of.filter((f) => f.status === 'fixed').length,
      by_severity,
      by_category,
      by_assignee,
    };
  });
}

/** A scan's `counts`: findings by type and severity, under `severity` and `cvss_31_severity_rating`. */
export function severityCounts(findings: readonly FindingRecord[]): PayloadOf<typeof TagCount>[] {
  const counts = new Map<string, { key: string; value: string; finding_type: string; count: number }>();
  for (const f of findings) {
    for (const key of ['severity', 'cvss_31_severity_rating']) {
      const id = `${key}\u0000${f.type}\u0000${f.severity}`;
      const entry = counts.get(id) ?? { key, value: f.severity, finding_type: f.type, count: 0 };
      entry.count++;
      counts.set(id, entry);
    }
  }
  return [...counts.values()];
}

/** The compare form of a scan. */
export function scanInfo(
  scan: ScanRecord,
): Pick<PayloadOf<typeof Scan>, 'id' | 'app' | 'version' | 'successful' | keyof PayloadOf<typeof ScanInfo>> {
  return {
    id: scan.id,
    app: scan.app,
    version: scan.version,
    successful: scan.status === 'completed',
    started_at: scan.started_at,
    ...(scan.completed_at ? { completed_at: scan.completed_at } : {}),
    language: scan.language,
    number_of_expressions: scan.number_of_expressions,
    tags: scan.tags,
  };
}

export function apiScan(state: SandboxState, scan: ScanRecord): PayloadOf<typeof Scan> {
  const findings = findingsOf(state, scan.finding_ids);
  return {
    ...scanInfo(scan),
    is_default_branch: onDefaultBranch(state, scan),
    oss_info: scan.oss_info,
    counts: severityCounts(findings),
    findings_summaries: findingsSummaries(findings),
    total: findings.length,
    total_fixed: findings.filter((f) => f.status === 'fixed').length,
    total_ignored: findings.filter((f) => f.status === 'ignored').length,
  };
}
