import { suppressedBy } from '../gate/findings.js';
import type { SuppressionRef } from '../ignores/match.js';
import { isJustification, type Justification, type Statement } from '../ignores/vex.js';
import { byText } from './ids.js';
import type { Analysis, AnalysisState, FindingVerdict, SbomVulnerability } from './model.js';

/**
 * VEX from what someone stated about a dependency finding, the first that applies:
 * - fixed: `resolved`;
 * - the ignore file's entry that suppresses it states `vex:` (with `justification:`): that state;
 * - its `vex` tag states one (`not_affected:JUSTIFICATION` or `false_positive`): that state;
 * - the service's reachability analysis finds it unreachable: `not_affected`, `code_not_reachable`;
 * - ignored in the service, or suppressed by the ignore file: `exploitable` with the response
 *   `will_not_fix` (the risk is accepted), the reason in the detail;
 * - reachable: `exploitable`; reachability unknown: `in_triage`.
 * Free text never makes a finding `not_affected` or `false_positive`: a reason saying "this is not a false
 * positive, we accept the risk" is accepted risk, and trivy or Dependency-Track would hide the finding
 * on a `not_affected` that nobody stated.
 */

/** The findings a bill of materials reads as vulnerabilities: those on a package with an advisory. */
export const dependencyTypes = ['oss_vuln', 'container'] as const;

/** The finding tag that states a finding's VEX: `not_affected:JUSTIFICATION` or `false_positive`. */
export const vexTag = 'vex';

/** The statement a `vex` tag's value makes; `undefined` when it makes none (then it is left out, said). */
export function tagStatement(value: string): Statement | undefined {
  const [state, justification, ...rest] = value.trim().split(':');
  if (rest.length) return undefined;
  if (state === 'false_positive' && justification === undefined) return { state };
  if (state === 'not_affected' && isJustification(justification)) return { state, justification };
  return undefined;
}

/** What is known of one dependency finding. */
export interface Triage {
  status: string;
  reachability?: string | undefined;
  /** The reason of an ignored finding, from the service (its last comment), if any. */
  ignoreReason?: string | undefined;
  /** The ignore file's entry that suppresses it, if any (with the VEX it states, if it does). */
  suppression?: SuppressionRef | undefined;
  /** What its `vex` tag states, if it states something. */
  tag?: Statement | undefined;
}

/** `not_affected (code_not_reachable)`, `false_positive`, `exploitable, will_not_fix`. */
export function stateText(a: Pick<Analysis, 'state' | 'justification' | 'response'>): string {
  if (a.justification) return `${a.state} (${a.justification})`;
  return a.response?.length ? `${a.state}, ${a.response.join(', ')}` : a.state;
}

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('; ');

/** The finding's own analysis: see the module's comment. */
export function analyse(t: Triage): Analysis {
  if (t.status === 'fixed') return { state: 'resolved', detail: 'fixed (the service’s status)' };
  const reason = t.ignoreReason?.trim();
  const ignored =
    t.status !== 'ignored'
      ? undefined
      : reason
        ? `ignored in the service: ${reason}`
        : 'ignored in the service, no reason given';
  const by = t.suppression;
  const suppressed = by ? `suppressed ${suppressedBy(by)}` : undefined;
  const keep = by ? { suppression: by } : {};
  const entry: Statement | undefined =
    by?.vex === 'false_positive'
      ? { state: 'false_positive' }
      : by?.vex === 'not_affected' && by.justification
        ? { state: 'not_affected', justification: by.justification }
        : undefined;
  if (entry) {
    return { ...entry, detail: join(`${suppressed}, which states ${stateText(entry)}`, ignored), ...keep };
  }
  if (t.tag) {
    return { ...t.tag, detail: join(`its vex tag states ${stateText(t.tag)}`, ignored, suppressed), ...keep };
  }
  if (t.reachability === 'unreachable') {
    return {
      state: 'not_affected',
      justification: 'code_not_reachable',
      detail: join(
        'the service’s reachability analysis finds no path to the vulnerable code',
        ignored,
        suppressed,
      ),
      ...keep,
    };
  }
  if (ignored || suppressed) {
    return { state: 'exploitable', response: ['will_not_fix'], detail: join(ignored, suppressed), ...keep };
  }
  if (t.reachability === 'reachable') {
    return {
      state: 'exploitable',
      detail: 'the service’s reachability analysis finds the vulnerable code reachable',
    };
  }
  return { state: 'in_triage', detail: 'the service gives no reachability for this finding' };
}

/**
 * How severe an analysis is, to choose one for a vulnerability on a package: lower wins. Exploitable (the
 * risk accepted after), in triage, not affected or a false positive, resolved.
 */
const rank: Record<AnalysisState, number> = {
  exploitable: 0,
  in_triage: 2,
  not_affected: 3,
  false_positive: 3,
  resolved: 4,
};
export const severityOf = (a: Analysis) =>
  rank[a.state] + (a.state === 'exploitable' && a.response?.length ? 1 : 0);

const severities = ['critical', 'high', 'medium', 'low', 'info', 'none'];
const severityRank = (s: string) => {
  const i = severities.indexOf(s);
  return i < 0 ? severities.length : i;
};

const byFinding = (a: FindingVerdict, b: FindingVerdict) =>
  byText(a.app, b.app) || Number(a.finding) - Number(b.finding) || byText(a.finding, b.finding);

/**
 * One vulnerability per advisory and package: the findings of one advisory on one package (two findings of
 * an app, or the apps of a compound or organization) give the analysis of the most severe (exploitable >
 * in_triage > not_affected or false_positive > resolved; the first app, then finding, among equals), its
 * detail naming every other finding's own verdict; the most severe rating and the highest score of them,
 * every alias. The same findings give the same result whatever order they came in.
 */
export function mergeFindings(findings: readonly SbomVulnerability[]): SbomVulnerability[] {
  const groups = new Map<string, SbomVulnerability[]>();
  for (const v of findings) {
    const key = `${v.advisory}\u0000${v.purl}`;
    const group = groups.get(key);
    if (group) group.push(v);
    else groups.set(key, [v]);
  }
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort(
      (a, b) => severityOf(a.analysis) - severityOf(b.analysis) || byFinding(a, b),
    );
    const [top, ...rest] = sorted as [SbomVulnerability, ...SbomVulnerability[]];
    if (!rest.length) return top;
    const others: FindingVerdict[] = rest
      .map((v) => ({ app: v.app, finding: v.finding, status: v.status, analysis: v.analysis }))
      .sort(byFinding);
    const scores = group.map((v) => v.score).filter((s): s is number => s !== undefined);
    const severity = group
      .map((v) => v.severity)
      .sort((a, b) => severityRank(a) - severityRank(b) || byText(a, b))[0];
    const detail =
      `${top.app} finding ${top.finding}: ${top.analysis.detail}. Other findings: ` +
      others
        .map((o) => `${o.app} finding ${o.finding}: ${stateText(o.analysis)} (${o.analysis.detail})`)
        .join('; ');
    return {
      ...top,
      aliases: [...new Set(group.flatMap((v) => v.aliases))].sort(byText),
      severity: severity ?? top.severity,
      ...(scores.length ? { score: Math.max(...scores) } : {}),
      analysis: { ...top.analysis, detail },
      others,
    };
  });
}

/**
 * The OpenVEX (and CSAF, SPDX 3) justification nearest to each of CycloneDX's, for the documents that name
 * those terms (SPDX 2.3, which has no VEX of its own, in its advisory's comment).
 */
export const openVexJustification: Record<Justification, string> = {
  code_not_present: 'vulnerable_code_not_present',
  code_not_reachable: 'vulnerable_code_not_in_execute_path',
  requires_configuration: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_dependency: 'vulnerable_code_cannot_be_controlled_by_adversary',
  requires_environment: 'vulnerable_code_cannot_be_controlled_by_adversary',
  protected_by_compiler: 'inline_mitigations_already_exist',
  protected_at_runtime: 'inline_mitigations_already_exist',
  protected_at_perimeter: 'inline_mitigations_already_exist',
  protected_by_mitigating_control: 'inline_mitigations_already_exist',
};
