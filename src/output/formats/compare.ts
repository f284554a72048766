import type { DiffFinding, ScanDiff } from '@secscan/api/schemas/scans';
import { UnexpectedResponseError } from '../../errors.js';
import { plural } from '../../util/plural.js';
import { markdownText } from './markdown.js';

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

/**
 * `scans compare --fail-on` for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the verdict, the counts and
 * the findings that fail it (the first `limit` of them).
 */
export function compareMarkdown(
  doc: { app: string; source: string; target: string; diff: ScanDiff },
  gate: {
    failOn: 'new' | 'regression';
    threshold: string | undefined;
    failing: DiffFinding[];
    suppressed?: DiffFinding[];
  },
  limit = 100,
): string {
  const failed = gate.failing.length > 0;
  const lines = [
    `### ${failed ? '❌' : '✅'} Security gate ${failed ? 'failed' : 'passed'}: ${markdownText(doc.app)}`,
    '',
    `${markdownText(compareSummaryLine(doc.app, doc.source, doc.target, doc.diff))}.`,
    '',
    failed
      ? compareGateLine(gate.failing.length, gate.failOn, gate.threshold)
      : `No ${gate.failOn === 'new' ? 'new finding' : 'regression'}${gate.threshold ? ` of severity ${gate.threshold} or above` : ''}.`,
  ];
  if (failed) {
    lines.push('', '| Severity | ID | Category | Title | Regression |', '|---|---|---|---|---|');
    for (const f of gate.failing.slice(0, limit)) {
      lines.push(
        `| ${markdownText(f.severity)} | ${markdownText(f.id)} | ${markdownText(f.category)} | ${markdownText(f.title)} | ${f.regression ? 'yes' : ''} |`,
      );
    }
    if (gate.failing.length > limit) lines.push('', `… and ${gate.failing.length - limit} more.`);
  }
  const suppressed = gate.suppressed ?? [];
  if (suppressed.length) {
    lines.push('', `Suppressed by the ignore file (not counted): ${suppressed.length}.`, '');
    lines.push('| Severity | ID | Title | Entry | Reason |', '|---|---|---|---|---|');
    for (const f of suppressed.slice(0, limit)) {
      const by = (f as { suppression?: { file: string; line: number; reason: string } }).suppression;
      lines.push(
        `| ${markdownText(f.severity)} | ${markdownText(f.id)} | ${markdownText(f.title)} | ${markdownText(by ? `${by.file}:${by.line}` : '')} | ${markdownText(by?.reason)} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The comparison a gate (`--fail-on`) decides on, checked before it decides: the scans compared are the ones asked for
 * (`scan.N`), and no finding is in two of new, fixed and common (a finding both new and common is an answer
 * that contradicts itself). Either is exit 8, never a verdict.
 */
export function checkComparison(diff: ScanDiff, source: string, target: string): void {
  const fail = (what: string) =>
    new UnexpectedResponseError(`ListScansCompare: the answer contradicts itself: ${what}`, {
      hint: 'the comparison was not evaluated: report the answer (--debug shows it) to the service',
    });
  for (const [side, ref, scan] of [
    ['source', source, diff.source],
    ['target', target, diff.target],
  ] as const) {
    const asked = /^scan\.(\d+)$/.exec(ref)?.[1];
    if (asked !== undefined && scan.id !== asked)
      throw fail(`${ref} was asked for as the ${side}, but the answer compares scan ${scan.id}`);
  }
  const seen = new Map<string, string>();
  for (const list of ['new', 'fixed', 'common'] as const) {
    for (const finding of diff[list]) {
      const other = seen.get(finding.id);
      if (other !== undefined && other !== list)
        throw fail(`finding ${finding.id} is both ${other} and ${list}`);
      seen.set(finding.id, list);
    }
  }
}
