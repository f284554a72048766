import { markdownText } from './markdown.js';
import { baselineText, type GateReport, type NotEvaluated } from '../../gate/report.js';

/**
 * A summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`; without `details`, the table alone (for a
 * summary that would pass GitHub's size limit).
 */
export function markdownReport(report: GateReport, details = true): string {
  const icon = report.passed ? '✅' : '❌';
  const verdict = report.passed ? 'passed' : report.enforced ? 'failed' : 'failed (not enforced)';
  const s = report.suppressions;
  const lines = [
    `### ${icon} Security gate ${verdict}: ${markdownText(report.compound)}`,
    '',
    `Policy ${markdownText(report.policy)}. Scan ${report.target}: ${markdownText(baselineText(report))}.`,
    '',
    `| Rule | Matched |${s ? ' Suppressed |' : ''} Reachable | Threshold | Over | Result |`,
    `|---|---:|${s ? '---:|' : ''}---:|---:|---:|---|`,
    ...report.rules.map(
      (r) =>
        `| ${markdownText(r.rule)} | ${r.matched} |${s ? ` ${r.suppressed ?? ''} |` : ''} ${r.reachable} | ${r.threshold} | ${r.over} | ${r.result === 'pass' ? '✅ pass' : '❌ fail'} |`,
    ),
    `| **Total** | ${report.totals.matched} |${s ? ` ${s.suppressed.length} |` : ''} ${report.totals.reachable} | | ${report.totals.over} | |`,
  ];
  lines.push(...suppressionSection(report, details));
  for (const row of report.rules.filter((r) => details && r.result === 'fail')) {
    const top = report.findings[row.rule] ?? [];
    if (!top.length) continue;
    lines.push('', `<details><summary>Top findings of ${markdownText(row.rule, 'html')}</summary>`, '');
    for (const f of top) {
      lines.push(
        `- **${markdownText(f.severity)}** ${markdownText(`#${f.id ?? '?'}`)} ${markdownText(f.title)}${f.app ? ` (${markdownText(f.app)}${f.location ? ` ${markdownText(f.location, 'code')}` : ''})` : ''}`,
      );
    }
    lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What the ignore file did: the findings it suppressed, each with the entry (file:line), its reason, owner
 * and expiry; the rules recounted; the entries that have expired. Without `details`, one line.
 */
function suppressionSection(report: GateReport, details: boolean): string[] {
  const s = report.suppressions;
  if (!s) return [];
  const file = markdownText(s.file, 'code');
  const expired = s.expired.length
    ? [
        `${s.expired.length} entr${s.expired.length === 1 ? 'y has' : 'ies have'} expired (line ${s.expired.map((e) => `${e.line}, on ${e.expires}`).join('; line ')}): ${s.expired.length === 1 ? 'its' : 'their'} findings count again.`,
      ]
    : [];
  const lead = `**Suppressed by ${file}**: ${s.suppressed.length} finding${s.suppressed.length === 1 ? '' : 's'}.`;
  if (!details || !s.suppressed.length) return ['', [lead, ...expired].join(' ')];
  return [
    '',
    lead,
    '',
    '| Finding | Severity | App | Rules | Entry | Reason | Owner | Expires |',
    '|---|---|---|---|---|---|---|---|',
    ...s.suppressed.map(
      ({ finding: f, rules, by }) =>
        `| ${markdownText(`#${f.id ?? '?'}`)} ${markdownText(f.title)} | ${markdownText(f.severity)} | ${markdownText(f.app)} | ${markdownText(rules.join(', '))} | ${markdownText(`${by.file}:${by.line}`)} | ${markdownText(by.reason)} | ${markdownText(by.owner ?? '')} | ${by.expires ?? ''} |`,
    ),
    ...(s.recounted.length ? ['', ...s.recounted.map((r) => `- ${markdownText(r.note)}`)] : []),
    ...(expired.length ? ['', ...expired] : []),
  ];
}

/** The summary of a gate that was not evaluated: why, and that the job fails closed. */
export function markdownNotEvaluated(gate: NotEvaluated): string {
  return [
    `### ⚠️ Security gate not evaluated: ${markdownText(gate.compound)}`,
    '',
    `The gate did not run to a verdict (exit ${gate.exitCode}): ${markdownText(gate.message)}`,
    ...(gate.hint ? ['', `Hint: ${markdownText(gate.hint)}`] : []),
    '',
    `Policy ${markdownText(gate.policy)}, kind ${gate.kind}. A gate that is not evaluated fails closed.`,
    '',
  ].join('\n');
}
