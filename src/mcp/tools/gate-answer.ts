import { asFinding } from '../../gate/findings.js';
import type { GateReport, NotEvaluated } from '../../gate/report.js';
import type { Fitted, Shaped } from '../answer.js';
import { exitOf } from '../exit-names.js';
import { CliError } from '../../errors.js';
import { compactFinding, plural } from './common.js';

/** A gate that could not be evaluated: a verdict of its own, with why (never a pass). */
export function notEvaluatedAnswer(
  meta: Pick<NotEvaluated, 'compound' | 'kind' | 'policy'>,
  error: unknown,
): Shaped {
  const { name } = exitOf(error);
  const cli = error instanceof CliError ? error : undefined;
  const message = cli?.message ?? `internal error: ${(error as Error)?.message ?? String(error)}`;
  return {
    summary: `The gate was NOT evaluated (${name}): this is no pass; see why.`,
    data: {
      verdict: 'not_evaluated',
      compound: meta.compound,
      policy: meta.policy,
      why: { exit: name, message, ...(cli?.hint ? { hint: cli.hint } : {}) },
    },
  };
}

/**
 * The gate's verdict, its rule rows and the findings the check lists (new ones, for a diff gate), those of
 * failing rules first, cut to the byte budget.
 */
export function gateAnswer(report: GateReport, maxBytes: number): Fitted {
  const suppressedIds = new Set(
    (report.suppressions?.suppressed ?? []).map((s) => `${s.finding.app}\u0000${s.finding.id}`),
  );
  const seen = new Map<string, { finding: Record<string, unknown>; failing: boolean }>();
  const failing = new Set(report.rules.filter((r) => r.result === 'fail').map((r) => r.rule));
  for (const row of [...report.rules].sort(
    (a, b) => Number(failing.has(b.rule)) - Number(failing.has(a.rule)),
  )) {
    for (const top of report.findings[row.rule] ?? []) {
      const key = `${top.app}\u0000${top.id}`;
      if (seen.has(key) || suppressedIds.has(key)) continue;
      const finding = {
        ...compactFinding(asFinding(top), ['id', 'app', 'severity', 'title', 'location']),
        rule: row.rule,
      };
      seen.set(key, { finding, failing: failing.has(row.rule) });
    }
  }
  const listed = [...seen.values()];
  const verdict = report.passed ? 'pass' : 'fail';
  const rules = report.rules.map((r) => ({
    rule: r.rule,
    result: r.result,
    matched: r.matched,
    threshold: r.threshold,
    over: r.over,
    ...(r.suppressed ? { suppressed: r.suppressed } : {}),
  }));
  const baseline = report.baseline
    ? {
        scan: report.baseline.scan ?? null,
        ...(report.baseline.branch ? { branch: report.baseline.branch } : {}),
        ...(report.baseline.version ? { version: report.baseline.version } : {}),
        from: report.baseline.from,
      }
    : null;
  const over = rules.filter((r) => r.result === 'fail').length;
  return {
    fit: {
      count: listed.length,
      maxBytes,
      make: (n) => ({
        summary:
          `The gate ${verdict === 'pass' ? 'PASSED' : 'FAILED'}: ${plural(over, 'rule')} of ${rules.length} over threshold; ` +
          `${plural(n, 'finding')} listed${n < listed.length ? `, ${listed.length - n} left out of this answer (raise max_bytes)` : ''}.`,
        data: {
          verdict,
          compound: report.compound,
          kind: report.kind,
          policy: report.policy,
          scan: report.target,
          baseline,
          rules,
          new_findings: listed.slice(0, n).map((l) => ({ ...l.finding, fails: l.failing })),
          left_out: listed.length - n,
          ...(report.suppressions
            ? { suppressed: report.suppressions.suppressed.length, ignore_file: report.suppressions.file }
            : {}),
        },
      }),
    },
  };
}
