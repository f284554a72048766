import { sanitize } from '../sanitize.js';
import { baselineText, type GateReport, type NotEvaluated } from './model.js';

/** Service and rules-file text in a table cell: no escapes, controls or bidi; Markdown's own characters escaped. */
export function cell(text: string | number): string {
  return sanitize(String(text)).replace(/([\\|`*_<>[\]])/g, '\\$1');
}

/**
 * A summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`; without `details`, the table alone (for a
 * summary that would pass GitHub's size limit).
 */
export function markdownReport(report: GateReport, details = true): string {
  const icon = report.passed ? '✅' : '❌';
  const verdict = report.passed ? 'passed' : report.enforced ? 'failed' : 'failed (not enforced)';
  const s = report.suppressions;
  const lines = [
    `### ${icon} Security gate ${verdict}: ${cell(report.compound)}`,
    '',
    `Policy ${cell(report.policy)}. Scan ${report.target}: ${cell(baselineText(report))}.`,
    '',
    `| Rule | Matched |${s ? ' Suppressed |' : ''} Reachable | Threshold | Over | Result |`,
    `|---|---:|${s ? '---:|' : ''}---:|---:|---:|---|`,
    ...report.rules.map(
      (r) =>
        `| ${cell(r.rule)} | ${r.matched} |${s ? ` ${r.suppressed ?? ''} |` : ''} ${r.reachable} | ${r.threshold} | ${r.over} | ${r.result === 'pass' ? '✅ pass' : '❌ fail'} |`,
    ),
    `| **Total** | ${report.totals.matched} |${s ? ` ${s.suppressed.length} |` : ''} ${report.totals.reachable} | | ${report.totals.over} | |`,
  ];
  lines.push(...suppressionSection(report, details));
  for (const row of report.rules.filter((r) => details && r.result === 'fail')) {
    const top = report.findings[row.rule] ?? [];
    if (!top.length) continue;
    lines.push('', `<details><summary>Top findings of ${cell(row.rule)}</summary>`, '');
    for (const f of top) {
      lines.push(
        `- **${cell(f.severity)}** #${f.id ?? '?'} ${cell(f.title)}${f.app ? ` (${cell(f.app)}${f.location ? ` \`${sanitize(f.location).replace(/`/g, '')}\`` : ''})` : ''}`,
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
  const file = `\`${sanitize(s.file).replace(/`/g, '')}\``;
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
        `| #${f.id ?? '?'} ${cell(f.title)} | ${cell(f.severity)} | ${cell(f.app)} | ${cell(rules.join(', '))} | ${cell(`${by.file}:${by.line}`)} | ${cell(by.reason)} | ${cell(by.owner ?? '')} | ${by.expires ?? ''} |`,
    ),
    ...(s.recounted.length ? ['', ...s.recounted.map((r) => `- ${cell(r.note)}`)] : []),
    ...(expired.length ? ['', ...expired] : []),
  ];
}

/** The summary of a gate that was not evaluated: why, and that the job fails closed. */
export function markdownNotEvaluated(gate: NotEvaluated): string {
  return [
    `### ⚠️ Security gate not evaluated: ${cell(gate.compound)}`,
    '',
    `The gate did not run to a verdict (exit ${gate.exitCode}): ${cell(gate.message)}`,
    ...(gate.hint ? ['', `Hint: ${cell(gate.hint)}`] : []),
    '',
    `Policy ${cell(gate.policy)}, kind ${gate.kind}. A gate that is not evaluated fails closed.`,
    '',
  ].join('\n');
}
