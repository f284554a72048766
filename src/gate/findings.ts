import type { Finding } from '@secscan/api/schemas/findings';
import { severities } from '@secscan/api/values';
import { CliError, exitCodeFor } from '../errors.js';
import type { SuppressionRef } from '../ignores/match.js';
import type { GateReport, NotEvaluated, TopFinding } from './report.js';

/** The check answer carries findings as id, title and tags: enough for the same rules as `findings list`. */
export function asFinding(f: TopFinding): Finding {
  const tag = (key: string) => f.tags[key]?.[0];
  const cwe = tag('cwe');
  return {
    id: String(f.id ?? ''),
    app: f.app,
    type: tag('type') ?? 'vuln',
    internal_id: `${f.app}/${f.id ?? ''}`,
    title: f.title,
    severity: f.severity,
    category: tag('category'),
    owasp_category: tag('owasp_category'),
    details: { file_name: tag('file'), line_number: tag('line') },
    tags: cwe ? [{ key: 'cwe_category', value: cwe }] : [],
  };
}

/** A severity's place, critical first; one the service has not documented goes first too (fail closed). */
export function severityOrder(severity: string | undefined): number {
  const rank = (severities as readonly string[]).indexOf(severity ?? '');
  return rank < 0 ? -severities.length : -rank;
}

export interface FailingFinding {
  finding: Finding;
  /** The first rule over its threshold that lists it. */
  rule: string;
}

/**
 * The findings that fail the gate: those the answer lists for each rule over its threshold (up to
 * --num-findings a rule), each once, the most severe first.
 */
export function failingFindings(report: GateReport): FailingFinding[] {
  const seen = new Map<string, FailingFinding>();
  for (const row of report.rules) {
    if (row.result !== 'fail') continue;
    for (const top of report.findings[row.rule] ?? []) {
      const key = `${top.app}\u0000${top.id}`;
      if (!seen.has(key)) seen.set(key, { finding: asFinding(top), rule: row.rule });
    }
  }
  return [...seen.values()].sort(
    (a, b) => severityOrder(a.finding.severity) - severityOrder(b.finding.severity),
  );
}

/** Why a gate was not evaluated, from the error that stopped it. */
export function notEvaluated(
  meta: Pick<NotEvaluated, 'compound' | 'kind' | 'policy' | 'enforced'>,
  error: unknown,
): NotEvaluated {
  const failure = error instanceof CliError ? error : undefined;
  return {
    ...meta,
    code: failure?.code ?? 'INTERNAL',
    message: failure?.message ?? `internal error: ${(error as Error)?.message ?? String(error)}`,
    hint: failure?.hint,
    exitCode: exitCodeFor(error),
  };
}

/** `by .secscan/ignore.yml:12: reason (owner alice@example.com, expires 2027-01-31)`. */
export function suppressedBy(by: SuppressionRef): string {
  const about = [by.owner ? `owner ${by.owner}` : '', by.expires ? `expires ${by.expires}` : '']
    .filter(Boolean)
    .join(', ');
  return `by ${by.file}:${by.line}: ${by.reason}${about ? ` (${about})` : ''}`;
}

/** `#29 [critical] SQL Injection (payments-api cmd/server/main.go:97)`. */
export function topFindingText(f: TopFinding): string {
  return `#${f.id ?? '?'} [${f.severity}] ${f.title}${f.app ? ` (${f.app}${f.location ? ` ${f.location}` : ''})` : ''}`;
}

/** What the ignore file did to a rule, a line each: its recount, then each finding it suppressed. */
export function ruleSuppressionLines(report: GateReport, rule: string): string[] {
  const s = report.suppressions;
  if (!s) return [];
  return [
    ...s.recounted.filter((r) => r.rule === rule).map((r) => r.note),
    ...s.suppressed
      .filter((f) => f.rules.includes(rule))
      .map((f) => `suppressed: ${topFindingText(f.finding)} ${suppressedBy(f.by)}`),
  ];
}
