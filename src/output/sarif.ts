import { createHash } from 'node:crypto';
import { findingLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';
import type { findingTypes } from '@secscan/api/values';
import type { SuppressionRef } from '../ignores/match.js';

/** What the SARIF writer needs to write to: an OutputWriter, or anything with an async `write`. */
export interface TextSink {
  write(text: string): Promise<void>;
}

export interface SarifOptions {
  toolVersion: string;
  /** Where users learn about the tool (SARIF `informationUri`). */
  informationUri?: string;
  /**
   * `automationDetails.id`: GitHub keeps one set of alerts per category (the id up to its last `/`), so two
   * uploads from one job (findings and a gate, or two apps) need two ids. See `sarifCategory`.
   */
  automationId?: string;
  /** A run that did not complete (a gate not evaluated): its reason, as a tool execution notification. */
  failure?: string;
  /** What the run compared (a gate's baseline): `automationDetails.description`, with the id. */
  description?: string;
  /**
   * Read when the log is written: the findings are part of the answer, on request (--limit): said in each
   * run's `properties` and as a warning notification of its invocation.
   */
  truncated?: () => string | undefined;
  /**
   * One run per app (compound and organization listings), each with its own `automationDetails.id`: the
   * given id, then the app and `/`. Otherwise one run.
   */
  perApp?: boolean;
  /** Where to say what was left out to stay within GitHub's upload limits (stderr). */
  warn?: (message: string) => void;
  /** GitHub's upload limits (githubSarifLimits), lower in tests. */
  limits?: { runs: number; resultsPerRun: number; gzipBytes: number };
}

export const sarifSchema = 'https://json.schemastore.org/sarif-2.1.0.json';
export const defaultInformationUri = 'https://github.com/secscan/secscan';

/** GitHub code scanning reads a 0.0-10.0 `security-severity`; these sit inside each of its bands. */
const severityScore: Record<string, number> = { critical: 9.5, high: 8.0, medium: 5.5, low: 2.5 };

export function sarifLevel(severity: string | undefined): 'error' | 'warning' | 'note' {
  if (severity === 'critical' || severity === 'high') return 'error';
  if (severity === 'medium') return 'warning';
  return 'note';
}

function tagValue(finding: Finding, key: string): string | number | undefined {
  return finding.tags?.find((t) => t.key === key)?.value;
}

/** The finding's CVSS score when it has one (dependency findings), else a score for its severity. */
export function securitySeverity(finding: Finding): string {
  const cvss = Number(tagValue(finding, 'cvss_score') ?? Number.NaN);
  const score =
    Number.isFinite(cvss) && cvss > 0 && cvss <= 10 ? cvss : (severityScore[finding.severity ?? ''] ?? 2.5);
  return score.toFixed(1);
}

/** A rule id per category: `sql-injection` for "SQL Injection". */
export function ruleIdFor(finding: { category?: string; type?: string }): string {
  const category = finding.category?.trim() || finding.type || 'finding';
  return (
    category
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'finding'
  );
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');
}

/** SARIF1001: a rule's name must differ from its id, even in case only ("Deserialization"). */
function ruleName(category: string, id: string): string {
  const name = pascal(category) || 'Finding';
  return name.toLowerCase() === id.toLowerCase() ? `${name}Weakness` : name;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

function cweOf(finding: Finding): string | undefined {
  const cwe = tagValue(finding, 'cwe_category');
  return cwe === undefined || cwe === '' ? undefined : String(cwe);
}

/** What a finding type is, for the rule's descriptions. */
const typeText: Record<(typeof findingTypes)[number], string> = {
  vuln: 'a weakness in the code',
  secret: 'a secret (a key, password or token) in the code',
  insight: 'a code insight',
  extscan: 'a finding of an external scanner',
  oss_vuln: 'a dependency with a known vulnerability',
  container: 'a container image with a known vulnerability',
  security_issue: 'a security issue',
};

/**
 * The reporting descriptor for a category: about the rule, never about one of its findings (each alert names
 * its own finding in its message and properties). Its CWE and OWASP category are the category's, read from
 * the first finding that carries them.
 */
export function sarifRule(finding: Finding): Record<string, unknown> {
  const category = finding.category?.trim() || finding.type;
  const cwe = cweOf(finding);
  const owasp = finding.owasp_category;
  const what = Object.hasOwn(typeText, finding.type)
    ? typeText[finding.type as keyof typeof typeText]
    : 'a security finding';
  const refs = [cwe ? `CWE-${cwe}` : undefined, owasp ? `OWASP ${owasp}` : undefined].filter(Boolean);
  const description = sentence(
    `${category}: ${what} of this category${refs.length ? ` (${refs.join(', ')})` : ''}`,
  );
  const helpText =
    `secscan reports a ${category} finding when the analysis finds ${what} of this category. ` +
    'Each alert names its finding: triage it with `secscan findings show --app APP ID` and read the ' +
    'recommended fix with `secscan findings fix --app APP ID`.' +
    (refs.length ? ` References: ${refs.join(', ')}.` : '');
  const helpMarkdown =
    `**${category}**\n\nsecscan reports a ${category} finding when the analysis finds ${what} of this category.\n\n` +
    (refs.length ? `References: ${refs.join(', ')}\n\n` : '') +
    'Each alert names its finding (its app and id in the alert properties): triage it with ' +
    '`secscan findings show --app APP ID` and read the recommended fix with `secscan findings fix --app APP ID`.';
  const tags = ['security', finding.type];
  if (cwe) tags.push(`external/cwe/cwe-${cwe}`);
  if (owasp) tags.push(`external/owasp/${owasp}`);
  return {
    id: ruleIdFor(finding),
    name: ruleName(category, ruleIdFor(finding)),
    shortDescription: { text: sentence(category) },
    fullDescription: { text: description },
    help: { text: helpText, markdown: helpMarkdown },
    ...(cwe ? { helpUri: `https://cwe.mitre.org/data/definitions/${cwe}.html` } : {}),
    defaultConfiguration: { level: sarifLevel(finding.severity) },
    properties: { tags, precision: 'high', 'security-severity': securitySeverity(finding) },
  };
}

/**
 * Where the finding's details carry a file (and line). GitHub requires a location on every result: a
 * finding without one is placed on a path named after its app, line 1.
 */
function location(finding: Finding): Record<string, unknown>[] {
  const found = findingLocation(finding);
  const file = found?.file ?? finding.app;
  const uri = encodeURI(file.replace(/\\/g, '/').replace(/^\.?\/+/, ''));
  const physical: Record<string, unknown> = { artifactLocation: { uri } };
  physical.region = { startLine: found?.line ?? 1 };
  return [{ physicalLocation: physical }];
}

/** A stable fingerprint: the same finding gives the same value in every scan and export. */
export function fingerprint(finding: Finding): string {
  return createHash('sha256').update(`${finding.app}\u0000${finding.internal_id}`).digest('hex').slice(0, 32);
}

/**
 * A finding an entry of the ignore file suppresses: an accepted external suppression, justified by the
 * entry's reason, so GitHub code scanning closes the alert as suppressed. The entry, owner and expiry go in
 * its properties.
 */
export function sarifSuppression(by: SuppressionRef): Record<string, unknown> {
  return {
    kind: 'external',
    status: 'accepted',
    justification: by.reason,
    properties: {
      entry: `${by.file}:${by.line}`,
      ...(by.owner === undefined ? {} : { owner: by.owner }),
      ...(by.expires === undefined ? {} : { expires: by.expires }),
    },
  };
}

/** One SARIF result for a finding; `ruleIndex` points into the run's rules. */
export function sarifResult(finding: Finding, ruleIndex: number): Record<string, unknown> {
  const title = finding.title || finding.category || finding.type;
  const locations = location(finding);
  const { suppression, suppressed } = finding as { suppression?: SuppressionRef; suppressed?: boolean };
  return {
    ruleId: ruleIdFor(finding),
    ruleIndex,
    level: sarifLevel(finding.severity),
    message: { text: sentence(title) },
    locations,
    partialFingerprints: { 'secscanFindingHash/v1': fingerprint(finding) },
    properties: {
      'security-severity': securitySeverity(finding),
      finding_id: finding.id,
      app: finding.app,
      type: finding.type,
      severity: finding.severity,
      status: finding.status,
      ...(finding.assignee ? { assignee: finding.assignee } : {}),
    },
    // With an ignore file in effect a finding it does not suppress says so: an empty list (absent: not known).
    ...(suppression
      ? { suppressions: [sarifSuppression(suppression)] }
      : suppressed === false
        ? { suppressions: [] }
        : {}),
  };
}
