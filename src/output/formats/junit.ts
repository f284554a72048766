import { escapeCommands, sanitizeMultiline } from '../../streams/sanitize.js';
import { type RunStamp, runStamp } from './stamp.js';
import { ruleSuppressionLines, topFindingText } from '../../gate/findings.js';
import { baselineText, type GateReport, type NotEvaluated } from '../../gate/report.js';

/**
 * XML 1.0 text: escape sequences, controls (C1 included) and bidi characters removed, as for a terminal (CI
 * logs print these reports), then characters XML cannot hold removed and the five entities escaped; what a
 * CI runner would read as a command (`##[`, a line-initial `::`) as character references.
 */
export function xmlEscape(text: string): string {
  const escaped = sanitizeMultiline(text)
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return escapeCommands(escaped, (c) => `&#${c.codePointAt(0)};`);
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

/** The baseline scan's id (when there is one) and the sentence that names it. */
function baselineProperties(report: GateReport): string {
  const scan = report.baseline?.scan ?? report.source;
  return (
    (scan === undefined ? '' : `<property name="baseline_scan" value="${scan}"/>`) +
    `<property name="baseline" value="${xmlEscape(baselineText(report))}"/>`
  );
}

/**
 * JUnit XML as GitLab, Jenkins and GitHub test reporters read it: testsuites > testsuite > one testcase per
 * rule, with a failure element when the rule is over its threshold.
 */
export function junitReport(report: GateReport, stamp: RunStamp = runStamp()): string {
  const failures = report.rules.filter((r) => r.result === 'fail').length;
  const suite = `secscan scans check ${report.compound}`;
  const classname = `secscan.check.${report.compound}`;
  const ignoreFile = report.suppressions
    ? `<property name="ignore_file" value="${xmlEscape(report.suppressions.file)}"/>`
    : '';
  const lines = [
    ...suiteOpen(suite, { tests: report.rules.length, failures, errors: 0 }, stamp),
    `    <properties><property name="policy" value="${xmlEscape(report.policy)}"/><property name="kind" value="${report.kind}"/><property name="target_scan" value="${report.target}"/>${baselineProperties(report)}${ignoreFile}</properties>`,
  ];
  for (const row of report.rules) {
    const name = xmlEscape(row.rule);
    // What the ignore file suppressed in this rule, and by which entry (file:line).
    const suppressed = ruleSuppressionLines(report, row.rule);
    const out = suppressed.length
      ? [`      <system-out>${xmlEscape(suppressed.join('\n'))}</system-out>`]
      : [];
    const open = `    <testcase classname="${xmlEscape(classname)}" name="${name}" time="0"`;
    if (row.result === 'pass') {
      lines.push(...(out.length ? [`${open}>`, ...out, '    </testcase>'] : [`${open}/>`]));
      continue;
    }
    const counted = row.suppressed ? `, ${row.suppressed} suppressed` : '';
    const message = `${row.matched} finding(s) matched${counted}, threshold ${row.threshold}, ${row.over} over: ${baselineText(report)}`;
    const details = (report.findings[row.rule] ?? []).map(topFindingText).join('\n');
    lines.push(
      `${open}>`,
      `      <failure message="${xmlEscape(message)}" type="threshold">${xmlEscape(details || message)}</failure>`,
      ...out,
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
