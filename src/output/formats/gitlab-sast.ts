import { createHash } from 'node:crypto';
import { findingLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';
import { repoPath } from './codequality.js';
import { safeJson, sanitize, sanitizeMultiline } from '../../streams/sanitize.js';
import { ruleIdFor, type TextSink } from './sarif.js';

/** The version of GitLab's security report schema (sast-report-format.json) this report follows. */
export const gitlabSastVersion = '15.0.7';
const schemaUrl = `https://gitlab.com/gitlab-org/security-products/security-report-schemas/-/raw/v${gitlabSastVersion}/dist/sast-report-format.json`;

const severities: Record<string, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Info',
};

/** `yyyy-mm-ddThh:mm:ss` in UTC, as the schema's scan times are. */
export function sastTime(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** A UUID from the finding's app and internal id: the same finding has the same id in every report. */
function vulnerabilityId(finding: Finding): string {
  const hex = createHash('sha1')
    .update(`secscan\u0000${finding.app}\u0000${finding.internal_id}`)
    .digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const cap = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * One vulnerability: named after its category (the schema wants no finding-specific detail in the name),
 * its primary identifier the category's rule (as in the SARIF log), then its CWE and the finding itself.
 */
export function sastVulnerability(finding: Finding): Record<string, unknown> {
  const category = sanitize(finding.category?.trim() || finding.type || 'finding');
  const cwe = finding.tags?.find((t) => t.key === 'cwe_category')?.value;
  const place = findingLocation(finding);
  const title = sanitize(finding.title || category);
  const description = finding.description ? `\n\n${sanitizeMultiline(finding.description)}` : '';
  const identifiers: Record<string, string>[] = [
    { type: 'secscan_rule', name: category, value: ruleIdFor(finding) },
    ...(cwe === undefined || cwe === ''
      ? []
      : [
          {
            type: 'cwe',
            name: `CWE-${cwe}`,
            value: String(cwe),
            url: `https://cwe.mitre.org/data/definitions/${cwe}.html`,
          },
        ]),
    {
      type: 'secscan_finding',
      name: `Finding ${finding.id} of ${sanitize(finding.app)}`,
      value: `${finding.app}/${finding.id}`,
    },
  ];
  return {
    id: vulnerabilityId(finding),
    name: cap(category, 255),
    description: cap(`${title}${description}`, 1_048_576),
    severity: severities[finding.severity ?? ''] ?? 'Unknown',
    identifiers,
    location: {
      file: repoPath(place?.file ?? finding.app),
      ...(place?.line ? { start_line: place.line } : {}),
      ...(place?.method ? { method: sanitize(place.method) } : {}),
    },
  };
}

export interface SastOptions {
  toolVersion: string;
  /** When the listing started (the report's scan.start_time). */
  started: Date;
  /** A scan that did not complete (a gate not evaluated): status failure and this fatal message. */
  failure?: string;
  /** What the scan's `messages` say besides (a gate's baseline), at level info. */
  messages?: string[];
  /** Read once the findings are written: the report is part of the answer, on request (a `warn` message). */
  truncated?: () => string | undefined;
}

const component = (version: string) => ({
  id: 'secscan',
  name: 'secscan',
  url: 'https://github.com/secscan/secscan',
  vendor: { name: 'secscan' },
  version,
});

/**
 * GitLab's SAST report (security report schema 15.0.x), the vulnerabilities written as the findings
 * arrive and the scan (with its end time) after them.
 */
export async function writeGitlabSast(
  out: TextSink,
  findings: AsyncIterable<Finding> | Iterable<Finding>,
  options: SastOptions,
): Promise<number> {
  let count = 0;
  await out.write(
    `{\n  "version": "${gitlabSastVersion}",\n  "schema": "${schemaUrl}",\n  "vulnerabilities": [`,
  );
  for await (const finding of findings) {
    await out.write(`${count++ ? ',' : ''}\n    ${safeJson(sastVulnerability(finding))}`);
  }
  const truncated = options.truncated?.();
  const messages = [
    ...(options.failure === undefined
      ? []
      : [{ level: 'fatal', value: sanitize(options.failure) || 'not evaluated' }]),
    ...(truncated === undefined ? [] : [{ level: 'warn', value: sanitize(truncated) }]),
    ...(options.messages ?? []).map((m) => ({ level: 'info', value: sanitize(m) })),
  ];
  const scan = {
    analyzer: component(options.toolVersion),
    scanner: component(options.toolVersion),
    type: 'sast',
    start_time: sastTime(options.started),
    end_time: sastTime(new Date()),
    status: options.failure === undefined ? 'success' : 'failure',
    ...(messages.length ? { messages } : {}),
  };
  await out.write(`${count ? '\n  ' : ''}],\n  "scan": ${safeJson(scan)}\n}\n`);
  return count;
}
