import type { Finding } from '@secscan/api/schemas/findings';
import type { Value } from './db.js';

/** The columns of each table a sync writes, in the order the row functions below give their values. */
export const columns = {
  findings: [
    'org_id',
    'app_id',
    'finding_id',
    'scan_id',
    'type',
    'title',
    'description',
    'severity',
    'owasp_category',
    'category',
    'status',
    'assignee',
    'version_first_seen',
    'internal_id',
    'details',
    'extra',
  ],
  finding_tags: ['org_id', 'app_id', 'finding_id', 'position', 'key', 'value'],
  scans: [
    'org_id',
    'app_id',
    'scan_id',
    'version',
    'successful',
    'is_default_branch',
    'started_at',
    'completed_at',
    'language',
    'number_of_expressions',
    'tags',
    'oss_enabled',
    'oss_successful',
    'oss_failure_reason',
  ],
  packages: [
    'org_id',
    'app_id',
    'purl',
    'name',
    'namespace',
    'type',
    'version',
    'license',
    'first_seen',
    'total_vulns',
    'total_reachable',
    'total_exploitable',
  ],
  package_cves: [
    'org_id',
    'purl',
    'cve_id',
    'assigner',
    'cwe_ids',
    'base_score',
    'base_severity',
    'vector',
    'published_at',
    'last_modified_at',
    'description',
  ],
} as const;

const known = new Set([
  'id',
  'app',
  'type',
  'title',
  'description',
  'severity',
  'owasp_category',
  'category',
  'status',
  'assignee',
  'version_first_seen',
  'internal_id',
  'details',
  'tags',
  'regression',
]);

const str = (v: unknown): string | null =>
  v === undefined || v === null ? null : typeof v === 'string' ? v : String(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bit = (v: unknown): number | null => (typeof v === 'boolean' ? Number(v) : null);
const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));
/** A time the service sent: kept as it came when it reads as one, else left out (never a wrong date). */
const time = (v: unknown): string | null =>
  typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : null;

/** Every field of a finding: those of the specification in columns, any other in `extra` (JSON). */
export function findingRow(org: string, scanId: string, f: Finding): Value[] {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(f)) if (!known.has(key)) extra[key] = value;
  return [
    org,
    f.app,
    f.id,
    scanId,
    f.type,
    str(f.title),
    str(f.description),
    str(f.severity),
    str(f.owasp_category),
    str(f.category),
    str(f.status) ?? 'unset',
    str(f.assignee) || null,
    str(f.version_first_seen),
    f.internal_id,
    json(f.details),
    Object.keys(extra).length ? JSON.stringify(extra) : null,
  ];
}

/** A finding's tags as rows of their own, in the order the service lists them. */
export function tagRows(org: string, f: Finding): Value[][] {
  return (f.tags ?? []).map((t, i) => [org, f.app, f.id, i, t.key, str(t.value)]);
}

/**
 * A scan's own fields. Its counts (total, total_fixed, total_ignored) are left out: the service counts them
 * from its findings' triage as it is now, so they change without a scan; the findings table has them.
 */
export function scanRow(org: string, s: Record<string, unknown>): Value[] {
  const oss = (s.oss_info ?? {}) as Record<string, unknown>;
  return [
    org,
    String(s.app),
    String(s.id),
    str(s.version),
    bit(s.successful) ?? 0,
    bit(s.is_default_branch),
    time(s.started_at),
    time(s.completed_at),
    str(s.language),
    num(s.number_of_expressions),
    json(s.tags),
    bit(oss.enabled),
    bit(oss.successful),
    str(oss.failure_reason),
  ];
}

export function packageRow(org: string, app: string, p: Record<string, unknown>): Value[] {
  return [
    org,
    app,
    String(p.package_url),
    str(p.name),
    str(p.namespace),
    str(p.type),
    str(p.version),
    str(p.license),
    time(p.first_seen),
    num(p.total_vulns),
    num(p.total_reachable),
    num(p.total_exploitable),
  ];
}

export function cveRow(org: string, purl: string, c: Record<string, unknown>): Value[] {
  const impact = (c.impact ?? {}) as Record<string, unknown>;
  const v3 = (impact.cvssV3 ?? {}) as Record<string, unknown>;
  const descriptions = (c.descriptions ?? []) as { lang?: string; value?: string }[];
  const english = descriptions.find((d) => d.lang === 'en') ?? descriptions[0];
  return [
    org,
    purl,
    String(c.id ?? c.internalId),
    str(c.assigner),
    Array.isArray(c.cweIds) ? c.cweIds.join(',') : null,
    num(v3.baseScore),
    str(v3.baseSeverity),
    str(v3.vectorString),
    time(c.publishedDate),
    time(c.lastModifiedDate),
    str(english?.value),
  ];
}
