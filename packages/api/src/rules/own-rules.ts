import { type CheckRule, CheckRulesFile } from '../schemas/scans.js';
import { allFindingTypes } from '../values.js';
import { readSimpleYaml } from './simple-yaml.js';

/**
 * secscan's own rules shape, checked without the YAML parser: what rules-file.ts reads at a line, and what
 * `readSimpleRulesFile` reads at start-up when a short file is plain enough (`scans check --rules`).
 */

export type RulesFormat = 'secscan' | 'sl-v2' | 'sl-v1';

export interface RulesFile {
  format: RulesFormat;
  /** The file in secscan's own shape (what `rules convert` prints). */
  file: CheckRulesFile;
  rules: CheckRule[];
  /** The baseline the file names: `source:` (an `sl` file's `source: {branch}` or `{scan}`). */
  source?: CheckRulesFile['source'];
  /** For the reader, on stderr: an old format, or what was read differently. */
  warnings: string[];
}

const severities = ['critical', 'high', 'medium', 'low'];
const ruleFindingTypes: readonly string[] = allFindingTypes;
/** Finding fields and the tags findings carry: a misspelt key would match nothing and pass the gate. */
export const ruleTagKeys = [
  'severity',
  'cvss_31_severity_rating',
  'type',
  'finding_type',
  'category',
  'owasp_category',
  'owasp_2021_category',
  'status',
  'app',
  'cwe',
  'cwe_category',
  'language',
  'reachability',
  'cve',
  'package_url',
  'cvss_score',
];

export const ownHint =
  'a rules file holds `rules:`, a list of {id, tags: {key: [values]}, threshold, num_findings}';

/** The first duplicate id, unknown tag key, unknown severity or type of secscan's shape: where and what. */
export function ownRulesProblem(
  rules: readonly CheckRule[],
): { path: (string | number)[]; key?: string; message: string } | undefined {
  const seen = new Set<string>();
  for (const [i, rule] of rules.entries()) {
    if (seen.has(rule.id)) {
      return {
        path: ['rules', i, 'id'],
        message: `rules[${i}].id: duplicate rule id ${JSON.stringify(rule.id)}`,
      };
    }
    seen.add(rule.id);
    for (const key of Object.keys(rule.tags ?? {})) {
      if (!ruleTagKeys.includes(key)) {
        return {
          path: ['rules', i, 'tags'],
          key,
          message: `rules[${i}].tags: unknown tag key ${JSON.stringify(key)} (choose from ${ruleTagKeys.join(', ')})`,
        };
      }
    }
    for (const [key, allowed] of [
      ['severity', severities],
      ['cvss_31_severity_rating', severities],
      ['type', ruleFindingTypes],
      ['finding_type', ruleFindingTypes],
    ] as const) {
      const values = rule.tags?.[key] ?? [];
      for (const [j, value] of values.entries()) {
        if (!allowed.includes(value.toLowerCase())) {
          const what = key === 'cvss_31_severity_rating' ? 'rating' : key.replace('finding_', '');
          return {
            path: ['rules', i, 'tags', key, j],
            message: `rules[${i}].tags.${key}: unknown ${what} ${JSON.stringify(value)} (choose from ${allowed.join(', ')})`,
          };
        }
      }
    }
  }
  return undefined;
}

/** A file in secscan's own shape, checked, as read. */
export function ownRulesFile(file: CheckRulesFile): RulesFile {
  return {
    format: 'secscan',
    file,
    rules: file.rules,
    ...(file.source ? { source: file.source } : {}),
    warnings: [],
  };
}

/**
 * A YAML rules file in secscan's shape read without the YAML parser, when it is plain (simple-yaml.ts) and
 * valid; undefined otherwise (an `sl` file, JSON, anything unusual, any problem): then rules-file.ts reads
 * it, and reports its problems at their lines. A file read here is read the same way there.
 */
export function readSimpleRulesFile(text: string, json = false): RulesFile | undefined {
  if (json) return undefined;
  const data = readSimpleYaml(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data) || 'build_rules' in data) return;
  const parsed = CheckRulesFile.safeParse(data);
  if (!parsed.success || ownRulesProblem(parsed.data.rules)) return undefined;
  return ownRulesFile(parsed.data);
}
