import type { ScanDiff } from '@secscan/api/schemas/scans';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `scans compare`: what the comparison found, one line for stderr. */
export function compareSummaryLine(app: string, source: string, target: string, diff: ScanDiff): string {
  const regressions = diff.new.filter((f) => f.regression).length;
  return `${app}: ${source} -> ${target}: ${diff.new.length} new (${plural(regressions, 'regression')}), ${diff.fixed.length} fixed, ${diff.common.length} common`;
}

/** `scans compare --fail-on`: why the gate failed. */
export function compareGateLine(
  breaching: number,
  failOn: 'new' | 'regression',
  severityThreshold: string | undefined,
): string {
  const what = failOn === 'new' ? 'new finding(s)' : 'regression(s)';
  const severity = severityThreshold ? ` of severity ${severityThreshold} or above` : '';
  return `Gate failed: ${breaching} ${what}${severity}.`;
}

/** The JSON form of a comparison: the service's answer and its counts. */
export function compareObject(diff: ScanDiff): Record<string, unknown> {
  return {
    ...diff,
    counts: {
      new: diff.new.length,
      regressions: diff.new.filter((f) => f.regression).length,
      fixed: diff.fixed.length,
      common: diff.common.length,
    },
  };
}
