import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { FindingsSummary } from '@secscan/api/schemas/findings';
import type { FindingRecord } from '../model/analysis.js';

type Totals = { total: number; total_fixed: number; total_ignored: number };

function add(map: Record<string, Totals>, key: string, f: FindingRecord): void {
  const t = map[key] ?? { total: 0, total_fixed: 0, total_ignored: 0 };
  map[key] = t;
  t.total++;
  if (f.status === 'fixed') t.total_fixed++;
  if (f.status === 'ignored') t.total_ignored++;
}

/** One Findings summary per finding type, with totals by severity, category and assignee. */
export function findingsSummaries(items: readonly FindingRecord[]): PayloadOf<typeof FindingsSummary>[] {
  const byType = new Map<string, FindingRecord[]>();
  for (const f of items) {
    const list = byType.get(f.type);
    if (list) list.push(f);
    else byType.set(f.type, [f]);
  }
  return [...byType].map(([type, list]) => {
    const by_severity: Record<string, Totals> = {};
    const by_category: Record<string, Totals> = {};
    const by_assignee: Record<string, Totals> = {};
    for (const f of list) {
      add(by_severity, f.severity, f);
      add(by_category, f.category, f);
      if (f.assignee) add(by_assignee, f.assignee, f);
    }
    return {
      finding_type: type,
      total: list.length,
      total_reachable: list.filter((f) => f.reachable).length,
      total_fixed: list.filter((f) => f.status === 'fixed').length,
      total_ignored: list.filter((f) => f.status === 'ignored').length,
      by_severity,
      by_category,
      by_assignee,
    };
  });
}

/** Version totals: `total` excludes fixed and ignored findings. */
export function versionTotals(items: readonly FindingRecord[]) {
  const fixed = items.filter((f) => f.status === 'fixed').length;
  const ignored = items.filter((f) => f.status === 'ignored').length;
  return { total: items.length - fixed - ignored, total_fixed: fixed, total_ignored: ignored };
}
