import * as z from 'zod';
import type { CheckRule, CheckRulesFile } from '../schemas/scans.js';
import { allFindingTypes } from '../values.js';
import { describePath, fail, failSchema, type LinedDoc, lineOf, type Path } from './lines.js';

/**
 * The build rules of the vendor's `sl check-analysis`: v2 (`finding_types`, `cvss_31_severity_ratings`,
 * `type` for categories, `owasp_category`, `owasp_2021_category`, `threshold`, `options{num_findings,
 * reachable}`) and the older v1 (`severity` in impact levels). Both read into secscan's own shape, so
 * a pipeline that gated with `sl` gates unchanged.
 */

export const slHint =
  'an sl check-analysis file holds `build_rules:`, a list of {id, finding_types, cvss_31_severity_ratings, ' +
  'type, owasp_category, owasp_2021_category, threshold, options: {num_findings, reachable}}';

const values = z.array(z.string().min(1)).optional();
const ruleBase = {
  id: z.string().min(1).optional(),
  finding_types: values,
  type: values,
  owasp_category: values,
  threshold: z.number().int().min(0).optional(),
};
const V2Rule = z.strictObject({
  ...ruleBase,
  cvss_31_severity_ratings: values,
  owasp_2021_category: values,
  options: z
    .strictObject({
      num_findings: z.number().int().min(0).max(100).optional(),
      reachable: z.boolean().optional(),
    })
    .optional(),
});
const V1Rule = z.strictObject({ ...ruleBase, severity: values });
const Source = z.strictObject({
  branch: z.string().min(1).optional(),
  scan: z.union([z.number().int().positive(), z.literal('previous')]).optional(),
});
const file = <R extends z.ZodType>(rule: R) =>
  z.strictObject({
    version: z.union([z.literal(1), z.literal(2)]).optional(),
    source: Source.optional(),
    build_rules: z.array(rule).min(1, 'at least one rule is needed'),
  });

type V2Rule = z.infer<typeof V2Rule>;
type V1Rule = z.infer<typeof V1Rule>;

export const slFindingTypes: readonly string[] = allFindingTypes;
const ratings = ['critical', 'high', 'medium', 'low'];
/** v1 impact levels in secscan's severities: the old top level covers what CVSS 3.1 splits in two. */
export const v1Severities: Record<string, string[]> = {
  severity_high_impact: ['critical', 'high'],
  severity_medium_impact: ['medium'],
  severity_low_impact: ['low'],
  critical: ['critical', 'high'],
  moderate: ['medium'],
  info: ['low'],
  high: ['high'],
  medium: ['medium'],
  low: ['low'],
};

const v1Names = [
  'SEVERITY_HIGH_IMPACT',
  'SEVERITY_MEDIUM_IMPACT',
  'SEVERITY_LOW_IMPACT',
  'critical',
  'moderate',
  'info',
  'high',
  'medium',
  'low',
];

export interface SlRead {
  version: 1 | 2;
  file: CheckRulesFile;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** v1 when the file says so or a rule has `severity`; v2 otherwise. */
function versionOf(data: Record<string, unknown>): 1 | 2 {
  if (data.version === 1 || data.version === 2) return data.version;
  const rules = Array.isArray(data.build_rules) ? data.build_rules : [];
  return rules.some((r) => isObject(r) && 'severity' in r) ? 1 : 2;
}

function checkValues(
  lined: LinedDoc,
  path: Path,
  list: readonly string[] | undefined,
  allowed: readonly string[],
  what: string,
): void {
  list?.forEach((value, j) => {
    if (!allowed.some((a) => a.toLowerCase() === value.toLowerCase())) {
      fail(
        lined,
        lineOf(lined, [...path, j]),
        `${describePath(path)}: unknown ${what} ${JSON.stringify(value)} (choose from ${allowed.join(', ')})`,
      );
    }
  });
}

function tagsOf(rule: V2Rule & V1Rule): Record<string, string[]> {
  const tags: Record<string, string[]> = {};
  const put = (key: string, list: readonly string[] | undefined) => {
    if (list?.length) tags[key] = [...new Set(list.map((v) => v.trim()))];
  };
  put(
    'finding_type',
    rule.finding_types?.map((v) => v.toLowerCase()),
  );
  put(
    'cvss_31_severity_rating',
    rule.cvss_31_severity_ratings?.map((v) => v.toLowerCase()),
  );
  put(
    'severity',
    rule.severity?.flatMap((v) => v1Severities[v.toLowerCase()] ?? []),
  );
  put('category', rule.type);
  put('owasp_category', rule.owasp_category);
  put('owasp_2021_category', rule.owasp_2021_category);
  if (rule.options?.reachable) tags.reachability = ['reachable'];
  return tags;
}

/** Reads an `sl` build-rules file (its data already parsed) into secscan's shape; errors at their line. */
export function readSlRules(lined: LinedDoc, data: Record<string, unknown>): SlRead {
  const version = versionOf(data);
  const parsed = file(version === 1 ? V1Rule : V2Rule).safeParse(data);
  if (!parsed.success) {
    const unknownLicense = parsed.error.issues.find(
      (i) => i.code === 'unrecognized_keys' && i.keys.some((k) => ['license', 'allow', 'block'].includes(k)),
    );
    if (unknownLicense?.code === 'unrecognized_keys') {
      fail(
        lined,
        lineOf(lined, unknownLicense.path as Path, unknownLicense.keys[0]),
        `${describePath(unknownLicense.path as Path)}: license rules are not supported (secscan checks findings)`,
      );
    }
    failSchema(lined, parsed.error.issues);
  }
  const { source, build_rules: rules } = parsed.data;
  if (source?.branch !== undefined && source.scan !== undefined) {
    fail(lined, lineOf(lined, ['source', 'scan']), 'source: give branch or scan, not both');
  }
  const out: CheckRule[] = rules.map((raw, i) => {
    const rule = raw as V2Rule & V1Rule;
    const at: Path = ['build_rules', i];
    checkValues(lined, [...at, 'finding_types'], rule.finding_types, slFindingTypes, 'finding type');
    checkValues(lined, [...at, 'cvss_31_severity_ratings'], rule.cvss_31_severity_ratings, ratings, 'rating');
    checkValues(lined, [...at, 'severity'], rule.severity, v1Names, 'severity');
    const tags = tagsOf(rule);
    const numFindings = rule.options?.num_findings;
    return {
      id: rule.id ?? `rule-${i + 1}`,
      ...(Object.keys(tags).length ? { tags } : {}),
      ...(rule.threshold === undefined ? {} : { threshold: rule.threshold }),
      ...(numFindings === undefined ? {} : { num_findings: numFindings }),
    };
  });
  const selector =
    source?.branch !== undefined
      ? { branch: source.branch }
      : typeof source?.scan === 'number'
        ? { scan: source.scan }
        : undefined;
  return { version, file: { version: 2, ...(selector ? { source: selector } : {}), rules: out } };
}
