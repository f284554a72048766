import { findingLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';
import type { Issue, Severity } from 'codeclimate-types';
import { safeJson, sanitize } from '../../streams/sanitize.js';
import { fingerprint, ruleIdFor, type TextSink } from './sarif.js';

/** GitLab Code Quality's severities, from the service's: critical findings block. */
const severities: Record<string, Severity> = {
  critical: 'blocker',
  high: 'critical',
  medium: 'major',
  low: 'minor',
};

export function codeQualitySeverity(severity: string | undefined): Severity {
  return severities[severity ?? ''] ?? 'info';
}

/** A path relative to the repository, as the report's `location.path` wants it. */
export function repoPath(file: string): string {
  return file.replace(/\\/g, '/').replace(/^\.?\/+/, '');
}

/**
 * One Code Quality issue (the Code Climate shape GitLab reads): where the finding is (its app when it
 * names no file, line 1 when no line), what it is and a fingerprint that is the same in every report.
 */
export function codeQualityIssue(finding: Finding, checkName?: string, note?: string): Issue {
  const place = findingLocation(finding);
  const line = place?.line ?? 1;
  const title = sanitize(finding.title || finding.category || finding.type);
  const severity = sanitize(finding.severity ?? 'unknown');
  return {
    type: 'issue',
    check_name: checkName ?? ruleIdFor(finding),
    description: `${title} (${severity}; finding ${sanitize(String(finding.id))} of ${sanitize(finding.app)}${note ? `; ${sanitize(note)}` : ''})`,
    categories: ['Security'],
    severity: codeQualitySeverity(finding.severity),
    fingerprint: fingerprint(finding),
    location: { path: repoPath(place?.file ?? finding.app), lines: { begin: line, end: line } },
  };
}

/** A report that is part of the answer on request: why, and the file that asked for it (the CI configuration). */
export interface CodeQualityTruncation {
  message: string;
  path: string;
}

/**
 * A Code Quality report: a JSON array, one issue a finding, written as the findings arrive. A report that
 * is part of the answer (`truncated`, read at the end) ends with an info issue saying so: the format has
 * no other place for it.
 */
export async function writeCodeQuality(
  out: TextSink,
  findings: AsyncIterable<Finding> | Iterable<Finding>,
  checkName?: (finding: Finding) => string | undefined,
  truncated?: () => CodeQualityTruncation | undefined,
  /** What every issue adds to its description (a gate's baseline: `findings new since scan 812 of main`). */
  note?: string,
): Promise<number> {
  let count = 0;
  for await (const finding of findings) {
    await out.write(
      `${count++ ? ',\n' : '[\n'}  ${safeJson(codeQualityIssue(finding, checkName?.(finding), note))}`,
    );
  }
  const cut = truncated?.();
  if (cut) {
    const issue: Issue = {
      type: 'issue',
      check_name: 'secscan/report-truncated',
      description: sanitize(cut.message),
      categories: ['Security'],
      severity: 'info',
      fingerprint: 'secscan-report-truncated',
      location: { path: repoPath(cut.path), lines: { begin: 1, end: 1 } },
    };
    await out.write(`${count ? ',\n' : '[\n'}  ${safeJson(issue)}`);
  }
  await out.write(count || cut ? '\n]\n' : '[]\n');
  return count;
}

/**
 * The report of a gate that was not evaluated: one blocker issue saying why, so neither GitLab nor a person
 * reads an empty report as a pass.
 */
export function codeQualityNotEvaluated(message: string, path: string): string {
  const issue: Issue = {
    type: 'issue',
    check_name: 'secscan/gate-not-evaluated',
    description: sanitize(message),
    categories: ['Security'],
    severity: 'blocker',
    fingerprint: 'secscan-gate-not-evaluated',
    location: { path: repoPath(path), lines: { begin: 1, end: 1 } },
  };
  return `[\n  ${safeJson(issue)}\n]\n`;
}
