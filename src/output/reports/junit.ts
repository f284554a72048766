import { sanitizeMultiline } from '../sanitize.js';
import type { GateReport } from './model.js';

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

/**
 * JUnit XML as GitLab, Jenkins and GitHub test reporters read it: testsuites > testsuite > one testcase per
 * rule, with a failure element when the rule is over its threshold.
 */
export function junitReport(report: GateReport): string {
  const failures = report.rules.filter((r) => r.result === 'fail').length;
  const suite = `secscan scans check ${report.compound}`;
  const classname = `secscan.check.${report.compound}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlEscape(suite)}" tests="${report.rules.length}" failures="${failures}" errors="0">`,
    `  <testsuite name="${xmlEscape(suite)}" tests="${report.rules.length}" failures="${failures}" errors="0" skipped="0">`,
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
