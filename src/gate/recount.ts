import type { Finding } from '@secscan/api/schemas/findings';
import type { CheckRule } from '@secscan/api/schemas/scans';
import { findingTypes } from '@secscan/api/values';

type FindingType = (typeof findingTypes)[number];
import type { ApiClient } from '../api/client.js';
import { NotFoundError } from '../errors.js';
import type { SubjectKind } from './scan-under-test.js';

/**
 * A failing rule recounted from the full findings listing of the scan under test: the check's answer
 * carries only a rule's top findings, so the gate lists every finding the rule matches to subtract the
 * suppressed ones. The listing is narrowed by the rule's tags where the listing can say the same thing,
 * and every finding listed is matched against the rule here too, as the check matches it (each tag key one
 * of its values, any case), so the narrowing is only ever a saving.
 */

/** Rule keys whose values a compound listing's `finding_tag` matches as the rule does: the findings' tags. */
const listingTagKeys = new Set([
  'severity',
  'cvss_31_severity_rating',
  'category',
  'owasp_2021_category',
  'cwe_category',
  'language',
  'reachability',
  'cve',
  'package_url',
  'cvss_score',
]);

const tagValues = (f: Finding, key: string) =>
  (f.tags ?? []).filter((t) => t.key === key).map((t) => String(t.value));

/** The values a rule's tag key matches in a listed finding: its own fields first, then its tags. */
function attributeValues(f: Finding, key: string): string[] {
  const fields: Record<string, (string | undefined)[]> = {
    severity: [f.severity],
    cvss_31_severity_rating: [f.severity],
    type: [f.type],
    finding_type: [f.type],
    category: [f.category],
    owasp_category: [f.owasp_category],
    status: [f.status],
    app: [f.app],
    cwe: tagValues(f, 'cwe_category'),
  };
  return [...(fields[key] ?? []), ...tagValues(f, key)]
    .filter((v): v is string => v !== undefined)
    .map((v) => v.toLowerCase());
}

/** The check's matching: for every key of the rule's tags, the finding has one of its values (any case). */
export function ruleMatches(f: Finding, rule: CheckRule): boolean {
  return Object.entries(rule.tags ?? {}).every(([key, values]) => {
    const have = attributeValues(f, key);
    return values.some((v) => have.includes(v.toLowerCase()));
  });
}

/**
 * The compound listing's filters for a rule. The specification's `finding_tag` is `KEY__OPERATOR__VALUE`,
 * repeatable, all of them to match: a rule's key (any of its values) is one `KEY__in_fold__V1,V2` (the
 * rule matches any case; `in` takes a comma-separated list, so a key with a value holding a comma is left
 * to the matching here). `type` is the listing's own `finding_type`. At most 20 `finding_tag`s are sent.
 */
export function listingFilters(rule: CheckRule): { finding_type?: FindingType[]; finding_tag?: string[] } {
  const tags: string[] = [];
  let types: FindingType[] | undefined;
  for (const [key, values] of Object.entries(rule.tags ?? {})) {
    if (!values.length) continue;
    if (key === 'type' || key === 'finding_type') {
      const lower = values.map((v) => v.toLowerCase());
      const known = (v: string): v is FindingType => (findingTypes as readonly string[]).includes(v);
      if (lower.every(known)) types = types ? types.filter((t) => lower.includes(t)) : lower;
    } else if (listingTagKeys.has(key) && values.every((v) => !v.includes(',')) && tags.length < 20) {
      tags.push(`${key}__in_fold__${values.join(',')}`);
    }
  }
  return { ...(types ? { finding_type: types } : {}), ...(tags.length ? { finding_tag: tags } : {}) };
}

/** Where the check ran: a compound (its compound scans) or an app (its scans). */
export interface RecountSubject {
  name: string;
  /** undefined: not known yet (the first listing finds out, a compound first). */
  kind: SubjectKind | undefined;
}

/**
 * Every finding of a scan the listing gives for the rule's filters (a compound scan, or an app's scan),
 * without what neither the matching nor the reports read (a description, the related findings: the
 * specification's excludable fields), each page kept as `keep` makes it.
 */
async function listScan<T>(
  client: ApiClient,
  subject: RecountSubject,
  scan: number,
  rule: CheckRule,
  keep: (findings: Finding[]) => T[],
): Promise<T[]> {
  const out: T[] = [];
  if (subject.kind !== 'app') {
    try {
      const pages = client.pages('ListCompoundFindings', {
        path: { compoundName: subject.name },
        query: {
          polyglot_scan: String(scan),
          per_page: 250,
          ...listingFilters(rule),
          finding_fields: ['-description'],
        },
      });
      for await (const page of pages) out.push(...keep(page.findings));
      subject.kind = 'compound';
      return out;
    } catch (error) {
      // `scans check --compound` takes an app's name too: the compound listing does not know it.
      if (subject.kind === 'compound' || !(error instanceof NotFoundError)) throw error;
      subject.kind = 'app';
    }
  }
  const pages = client.pages('ListAppFindings', {
    path: { appID: subject.name },
    query: {
      scan: String(scan),
      status: ['any'],
      per_page: 250,
      fields: ['-description', '-related_findings'],
    },
  });
  for await (const page of pages) out.push(...keep(page.findings));
  return out;
}

const keyOf = (f: Finding) => `${f.app}\u0000${f.id}`;

/**
 * The findings the rule matches in the scan under test, as the check counts them: never an ignored one;
 * with `diff`, only those the baseline (source) scan does not have, a fixed one that came back included;
 * with `single`, every finding but the fixed ones.
 */
export async function recountRule(
  client: ApiClient,
  subject: RecountSubject,
  scans: { target: number; source: number | undefined; kind: 'single' | 'diff' },
  rule: CheckRule,
): Promise<Finding[]> {
  // Of the scan under test, the findings that may count, each once (each page's others dropped as it is
  // read); of the baseline, only which findings it has.
  const seen = new Set<string>();
  const counted = (f: Finding) => {
    const key = keyOf(f);
    if (seen.has(key)) return false;
    seen.add(key);
    if (f.status === 'ignored' || (scans.kind === 'single' && f.status === 'fixed')) return false;
    return ruleMatches(f, rule);
  };
  const target = await listScan(client, subject, scans.target, rule, (page) => page.filter(counted));
  if (scans.kind !== 'diff' || scans.source === undefined) return target;
  const baseline = new Set(await listScan(client, subject, scans.source, rule, (page) => page.map(keyOf)));
  return target.filter((f) => !baseline.has(keyOf(f)));
}
