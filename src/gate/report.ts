import type { CheckResult, CheckRule, CheckSummary } from '@secscan/api/schemas/scans';
import { UnexpectedResponseError } from '../errors.js';
import type { SuppressionRef } from '../ignores/match.js';
import { shortVersion } from '../util/short-version.js';

export interface RuleRow {
  rule: string;
  matched: number;
  reachable: number;
  threshold: number;
  over: number;
  result: 'pass' | 'fail';
  /** With an ignore file, a failing rule recounted: how many of its matched findings are suppressed. */
  suppressed?: number;
}

/** What a rule counts against its threshold: its matched findings, less those the ignore file suppresses. */
export type RuleCount = Omit<RuleRow, 'over' | 'result'>;

/** The verdict of each rule and of the gate. */
export interface Verdict {
  rules: RuleRow[];
  /** How many findings the rules are over their thresholds by, in all. */
  over: number;
  passed: boolean;
}

/**
 * The verdict, decided here only: a rule is over its threshold by the findings it counts (matched, less
 * those suppressed) past the threshold, and fails when it is over anything; the gate passes when no rule
 * fails. The check's answer (its `over_threshold`, checked to agree) and a recount both come here.
 */
export function verdictOf(counts: readonly RuleCount[]): Verdict {
  const rules = counts.map(({ suppressed, ...count }): RuleRow => {
    const over = Math.max(0, count.matched - (suppressed ?? 0) - count.threshold);
    return {
      ...count,
      over,
      result: over > 0 ? 'fail' : 'pass',
      ...(suppressed === undefined ? {} : { suppressed }),
    };
  });
  return {
    rules,
    over: rules.reduce((n, r) => n + r.over, 0),
    passed: rules.every((r) => r.result === 'pass'),
  };
}

export interface TopFinding {
  id: number | undefined;
  title: string;
  severity: string;
  app: string;
  location: string;
  tags: Record<string, string[]>;
}

/**
 * The scan a gate's findings are new since, and why that one (`the merge target, $GITHUB_BASE_REF`,
 * `--source-branch`, `the default branch`...). `scan` undefined: `--baseline none`, every finding counted
 * as new.
 */
export interface Baseline {
  scan: number | undefined;
  branch?: string;
  /** The version the baseline scan is of (the commit), when the service says. */
  version?: string;
  from: string;
}

/** Everything a gate run decided: what every report and renderer prints. */
export interface GateReport {
  compound: string;
  kind: 'single' | 'diff';
  policy: string;
  source: number | undefined;
  target: number;
  /** A diff gate's baseline, or `--baseline none`; undefined for `--kind single`. */
  baseline?: Baseline;
  passed: boolean;
  /** false with `--fail-on none`: the verdict is reported but does not fail the run. */
  enforced: boolean;
  rules: RuleRow[];
  totals: { matched: number; reachable: number; over: number };
  findings: Record<string, TopFinding[]>;
  result: CheckResult;
  /** The ignore file in effect: what it suppressed, what was recounted, what has expired. */
  suppressions?: GateSuppressions;
}

/** A finding the ignore file suppresses, the rules that matched it and the entry that suppresses it. */
export interface SuppressedFinding {
  finding: TopFinding;
  rules: string[];
  by: SuppressionRef;
}

/** A failing rule recounted from the full findings listing of the scan under test. */
export interface Recount {
  rule: string;
  /** The findings of the listing the rule matches, counted as the check counts them. */
  listed: number;
  /** How many of them an entry in effect suppresses. */
  suppressed: number;
  /** The listing agreed with the check's `matched`, so the suppressed ones were subtracted. */
  applied: boolean;
  /** The sentence reports and stderr say it in. */
  note: string;
}

export interface GateSuppressions {
  /** The ignore file, as given or found. */
  file: string;
  suppressed: SuppressedFinding[];
  recounted: Recount[];
  /** Entries that have expired: they suppress nothing, and the gate said so. */
  expired: { line: number; expires: string }[];
  /** Top findings an expired entry names: they count again (the table says so under each). */
  lapsed?: { app: string; id: number | undefined; line: number; expires: string }[];
}

const first = (tags: Record<string, string[]> | undefined, key: string) => tags?.[key]?.[0] ?? '';

function topFindings(summary: CheckSummary): TopFinding[] {
  return (summary.findings ?? []).map((f) => {
    const file = first(f.tags, 'file');
    const line = first(f.tags, 'line');
    return {
      id: f.id,
      title: f.title ?? '',
      severity: first(f.tags, 'severity'),
      app: first(f.tags, 'app'),
      location: file ? `${file}${line ? `:${line}` : ''}` : '',
      tags: f.tags ?? {},
    };
  });
}

/** A count of a rule's result above its `matched`: none can be (they count matched findings). */
function aboveMatched(summary: CheckSummary): string | undefined {
  const counts: [string, number | undefined][] = [
    ['reachable', summary.reachable],
    ['over_threshold', summary.over_threshold],
    ['the findings listed', summary.findings?.length],
    ...Object.entries(summary.by_tag ?? {}).flatMap(([key, values]) =>
      Object.entries(values).map(([value, n]): [string, number] => [`by_tag ${key}=${value}`, n]),
    ),
  ];
  const [what, n] = counts.find(([, n]) => n !== undefined && n > summary.matched) ?? [];
  return what === undefined ? undefined : `${what} is ${n}, more than the ${summary.matched} matched`;
}

/**
 * The numbers a verdict rests on, checked against each other: no count exceeds `matched`, and
 * `over_threshold`, how many more findings than the rule's threshold matched, is `matched - threshold` (0
 * when fewer matched). An answer that says otherwise (5 matched with threshold 0 but 0 over it) is exit 8
 * naming the rule and the numbers, never a pass; so are totals that say nothing is over when a rule is, or
 * the reverse.
 */
function checkConsistent(result: CheckResult, rules: readonly CheckRule[]): void {
  const contradiction = (what: string) =>
    new UnexpectedResponseError(`CheckScans: the answer contradicts itself: ${what}`, {
      hint: 'the gate was not evaluated: report the answer (--debug shows it) to the service',
    });
  let anyOver = false;
  for (const rule of rules) {
    const summary = result.rules[rule.id];
    if (!summary) continue;
    const above = aboveMatched(summary);
    if (above) throw contradiction(`rule ${rule.id}: ${above}`);
    const threshold = rule.threshold ?? 0;
    const expected = Math.max(0, summary.matched - threshold);
    if (summary.over_threshold !== expected) {
      throw contradiction(
        `rule ${rule.id} has ${summary.matched} matched with threshold ${threshold}, so ${expected} over it, but over_threshold is ${summary.over_threshold}`,
      );
    }
    anyOver ||= expected > 0;
  }
  const totals = result.totals;
  const above = totals && aboveMatched(totals);
  if (above) throw contradiction(`totals: ${above}`);
  if (totals && totals.over_threshold > 0 !== anyOver) {
    throw contradiction(
      anyOver
        ? `a rule is over its threshold but the totals' over_threshold is ${totals.over_threshold}`
        : `no rule is over its threshold but the totals' over_threshold is ${totals.over_threshold}`,
    );
  }
}

/** A rule the service did not answer for is an unreadable answer, never a pass (fail closed). */
export function gateReport(
  result: CheckResult,
  rules: CheckRule[],
  meta: { compound: string; kind: 'single' | 'diff'; policy: string; enforced: boolean },
): GateReport {
  const counts: RuleCount[] = [];
  const findings: Record<string, TopFinding[]> = {};
  for (const rule of rules) {
    const summary = result.rules[rule.id];
    if (!summary)
      throw new UnexpectedResponseError(`CheckScans: the answer has no result for rule ${rule.id}`);
    counts.push({
      rule: rule.id,
      matched: summary.matched,
      reachable: summary.reachable ?? 0,
      threshold: rule.threshold ?? 0,
    });
    findings[rule.id] = topFindings(summary);
  }
  // Its over_threshold is what the verdict computes, or the answer is refused here.
  checkConsistent(result, rules);
  const verdict = verdictOf(counts);
  const totals = {
    matched: result.totals?.matched ?? counts.reduce((n, r) => n + r.matched, 0),
    reachable: result.totals?.reachable ?? counts.reduce((n, r) => n + r.reachable, 0),
    over: verdict.over,
  };
  return {
    ...meta,
    source: result.source?.id,
    target: result.target.id,
    passed: verdict.passed,
    rules: verdict.rules,
    totals,
    findings,
    result,
  };
}

/** A gate that was not evaluated (any exit but 0 and 1): what its reports say instead of a verdict. */
export interface NotEvaluated {
  compound: string;
  kind: 'single' | 'diff';
  policy: string;
  enforced: boolean;
  /** The error's code (API_ERROR, TRANSIENT, CONFIG, ...), message, hint and exit code. */
  code: string;
  message: string;
  hint: string | undefined;
  exitCode: number;
}

/** The JSON report of a gate that was not evaluated. */
export function jsonNotEvaluated(gate: NotEvaluated): Record<string, unknown> {
  return {
    compound: gate.compound,
    kind: gate.kind,
    policy: gate.policy,
    evaluated: false,
    passed: false,
    enforced: gate.enforced,
    error: { code: gate.code, message: gate.message, hint: gate.hint ?? null, exit_code: gate.exitCode },
  };
}

/** ` (3 findings suppressed by .secscan/ignore.yml)`, or nothing. */
function suppressedNote(report: GateReport): string {
  const n = report.suppressions?.suppressed.length ?? 0;
  return n ? ` (${n} finding${n === 1 ? '' : 's'} suppressed by ${report.suppressions?.file})` : '';
}

/** `scan 812 of main, abc1234`: the baseline scan as every report names it. */
export function baselineName(b: Baseline): string {
  if (b.scan === undefined) return 'no baseline';
  const of = b.branch ? ` of ${b.branch}` : '';
  return `scan ${b.scan}${of}${b.version ? `, ${shortVersion(b.version)}` : ''}`;
}

/**
 * What the gate counted, with its baseline named: `findings new since scan 812 of main, abc1234 (baseline:
 * the merge target, $GITHUB_BASE_REF)`.
 */
export function baselineText(report: GateReport): string {
  const b = report.baseline;
  if (b && b.scan === undefined) return `every finding counted as new (${b.from}: no baseline)`;
  if (report.kind === 'single') return 'all its findings (--kind single: no baseline)';
  if (!b)
    return report.source === undefined
      ? 'findings new since no scan'
      : `findings new since scan ${report.source}`;
  return `findings new since ${baselineName(b)} (baseline: ${b.from})`;
}

/** The line under the verdict: `Scan 815: findings new since scan 812 of main, abc1234 (baseline: ...).` */
export function scopeLine(report: GateReport): string {
  return `Scan ${report.target}: ${baselineText(report)}.`;
}

export function verdictLine(report: GateReport): string {
  const failing = report.rules.filter((r) => r.result === 'fail');
  if (!failing.length)
    return `Gate passed: ${report.rules.length} rule(s), none over its threshold${suppressedNote(report)}.`;
  const names = failing
    .map(
      (r) =>
        `${r.rule} (${r.matched} matched${r.suppressed ? `, ${r.suppressed} suppressed` : ''}, threshold ${r.threshold})`,
    )
    .join(', ');
  const suffix = report.enforced ? '' : ' (not enforced: --fail-on none)';
  return `Gate failed: ${failing.length} of ${report.rules.length} rule(s) over threshold: ${names}${suffix}`;
}

/** The JSON report: the verdict, the rows and the service's full answer. */
export function jsonReport(report: GateReport): Record<string, unknown> {
  return {
    compound: report.compound,
    kind: report.kind,
    policy: report.policy,
    evaluated: true,
    passed: report.passed,
    enforced: report.enforced,
    source: report.source ?? null,
    target: report.target,
    baseline: report.baseline
      ? { ...report.baseline, scan: report.baseline.scan ?? null, text: baselineText(report) }
      : { scan: null, from: '--kind single', text: baselineText(report) },
    rules: report.rules,
    totals: report.totals,
    findings: report.findings,
    ...(report.suppressions ? { suppressions: report.suppressions } : {}),
    result: report.result,
  };
}
