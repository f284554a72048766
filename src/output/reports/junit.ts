import { sanitizeMultiline } from '../sanitize.js';
import type { GateReport, NotEvaluated } from './model.js';

/**
 * XML 1.0 text: escape sequences, controls (C1 included) and bidi characters removed, as for a terminal (CI
 * logs print these reports), then characters XML cannot hold removed and the five entities escaped.
 */
export function xmlEscape(text: string): string {
  return sanitizeMultiline(text)
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** When and where the report was made (the testsuite's timestamp and hostname). */
export interface RunStamp {
  /** ISO 8601 without a zone, in UTC, as the JUnit schema has it: 2026-11-23T02:50:00. */
  timestamp: string;
  hostname: string;
}

export function runStamp(now: Date = new Date(), hostname = 'localhost'): RunStamp {
  return { timestamp: now.toISOString().slice(0, 19), hostname };
}

function suiteOpen(
  name: string,
  counts: { tests: number; failures: number; errors: number },
  stamp: RunStamp,
) {
  const n = `tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(name)}" ${n}>`,
    `  <testsuite name="${xmlEscape(name)}" ${n} skipped="0" timestamp="${stamp.timestamp}" hostname="${xmlEscape(stamp.hostname)}">`,
  ];
}

/**
 * JUnit XML as GitLab, Jenkins and GitHub test reporters read it: testsuites > testsuite > one testcase per
 * rule, with a failure element when the rule is over its threshold.
 */
export function junitReport(report: GateReport, stamp: RunStamp = runStamp()): string {
  const failures = report.rules.filter((r) => r.result === 'fail').length;
  const suite = `secscan scans check ${report.compound}`;
  const classname = `secscan.check.${report.compound}`;
  const lines = [
    ...suiteOpen(suite, { tests: report.rules.length, failures, errors: 0 }, stamp),
    `    <properties><property name="policy" value="${xmlEscape(report.policy)}"/><property name="kind" value="${report.kind}"/><property name="target_scan" value="${report.target}"/></properties>`,
  ];
  for (const row of report.rules) {
    const name = xmlEscape(row.rule);
    if (row.result === 'pass') {
      lines.push(`    <testcase classname="${xmlEscape(classname)}" name="${name}" time="0"/>`);
      continue;
    }
    const message = `${row.matched} finding(s) matched, threshold ${row.threshold}, ${row.over} over`;
    const details = (report.findings[row.rule] ?? [])
      .map(
        (f) =>
          `#${f.id ?? '?'} [${f.severity}] ${f.title}${f.app ? ` (${f.app}${f.location ? ` ${f.location}` : ''})` : ''}`,
      )
      .join('\n');
    lines.push(
      `    <testcase classname="${xmlEscape(classname)}" name="${name}" time="0">`,
      `      <failure message="${xmlEscape(message)}" type="threshold">${xmlEscape(details || message)}</failure>`,
      '    </testcase>',
    );
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** A gate that was not evaluated: one test case in error, with the reason, so the CI reporter says why. */
export function junitNotEvaluated(gate: NotEvaluated, stamp: RunStamp = runStamp()): string {
  const suite = `secscan scans check ${gate.compound}`;
  const detail = [gate.message, gate.hint ? `hint: ${gate.hint}` : '', `exit code ${gate.exitCode}`]
    .filter(Boolean)
    .join('\n');
  return [
    ...suiteOpen(suite, { tests: 1, failures: 0, errors: 1 }, stamp),
    `    <properties><property name="policy" value="${xmlEscape(gate.policy)}"/><property name="kind" value="${gate.kind}"/></properties>`,
    `    <testcase classname="${xmlEscape(`secscan.check.${gate.compound}`)}" name="gate not evaluated" time="0">`,
    `      <error message="${xmlEscape(`not evaluated: ${gate.message}`)}" type="${xmlEscape(gate.code)}">${xmlEscape(detail)}</error>`,
    '    </testcase>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
