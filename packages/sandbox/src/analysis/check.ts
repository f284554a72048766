import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { CheckResult } from '@secscan/api/schemas/scans';
import { findingLocation } from '@secscan/api/location';
import type { CheckBody, CheckRule } from '@secscan/api/schemas/scans';
import { error, invalid, notFound, ReplyError } from '../http.js';
import type { SandboxState } from '../state.js';
import type { FindingRecord, ScanStatus } from '../model/analysis.js';
import { appScans, findingsOf, severityRank } from './shape.js';

/** A scan the check can evaluate: an app scan, or a compound (polyglot) scan with its apps' findings. */
export interface CheckUnit {
  id: number;
  branch: string;
  started_at: string;
  finding_ids: string[];
}

export interface CheckSubject {
  defaultBranch: string;
  /** Completed scans, newest first. */
  units: CheckUnit[];
  /** The scans that have not completed (running or failed), by id. */
  unfinished: Map<number, ScanStatus>;
}

/** CheckScans names a compound; an app name is accepted too (a one-app compound). */
export function checkSubject(state: SandboxState, name: string): CheckSubject {
  const compound = state.analysis.compounds.find((c) => c.name === name);
  if (compound) {
    const byId = new Map(state.analysis.scans.map((s) => [s.id, s]));
    const units = state.analysis.polyglotScans
      .filter((p) => p.compound_id === compound.id && p.status === 'completed')
      .map((p) => ({
        id: p.id,
        branch: p.branch,
        started_at: p.started_at,
        finding_ids: [...new Set(p.scan_ids.flatMap((id) => byId.get(id)?.finding_ids ?? []))],
      }));
    const first = state.apps.find((a) => a.id === compound.app_ids[0]);
    const unfinished = state.analysis.polyglotScans
      .filter((p) => p.compound_id === compound.id && p.status !== 'completed')
      .map((p) => [p.id, p.status] as const);
    return {
      defaultBranch: first?.base_branch ?? 'main',
      units: newestFirst(units),
      unfinished: new Map(unfinished),
    };
  }
  const app = state.apps.find((a) => a.id === name);
  if (!app) throw new ReplyError(notFound(`no compound or app is named ${name}`));
  const scans = appScans(state, app.id);
  const units = scans
    .filter((s) => s.status === 'completed')
    .map((s) => ({
      id: Number(s.id),
      branch: s.branch,
      started_at: s.started_at,
      finding_ids: s.finding_ids,
    }));
  const unfinished = scans
    .filter((s) => s.status !== 'completed')
    .map((s) => [Number(s.id), s.status] as const);
  return { defaultBranch: app.base_branch, units, unfinished: new Map(unfinished) };
}

function newestFirst(units: CheckUnit[]): CheckUnit[] {
  return units.sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id);
}

type Selector = CheckBody['target'];

/**
 * The scan named by id. One that is still running or that failed cannot be checked: 409 (the specification
 * does not show the service's answer; a conflict with the scan's state is the sandbox's).
 */
function byScan(subject: CheckSubject, id: number, which: string): CheckUnit {
  const unit = subject.units.find((u) => u.id === id);
  if (unit) return unit;
  const status = subject.unfinished.get(id);
  if (status === 'running') {
    throw new ReplyError(
      error(409, 'SCAN_NOT_FINISHED', `${which}: scan ${id} is running: it has not finished`),
    );
  }
  if (status === 'failed') {
    throw new ReplyError(
      error(409, 'SCAN_FAILED', `${which}: scan ${id} failed: it has no results to check`),
    );
  }
  throw new ReplyError(notFound(`${which}: no completed scan ${id}`));
}

/** Target: the given scan, else the last scan of the given branch, else of the default branch. */
function targetOf(subject: CheckSubject, selector: Selector): CheckUnit {
  if (selector && 'scan' in selector) return byScan(subject, selector.scan, 'target');
  const branch = selector?.branch ?? subject.defaultBranch;
  const unit = subject.units.find((u) => u.branch === branch);
  if (!unit) throw new ReplyError(notFound(`target: no completed scan on branch ${branch}`));
  return unit;
}

/** Source: the given scan; on the target's branch the scan before it, on another branch its last scan. */
function sourceOf(subject: CheckSubject, selector: Selector, target: CheckUnit): CheckUnit | undefined {
  if (selector && 'scan' in selector) return byScan(subject, selector.scan, 'source');
  const branch = selector?.branch ?? target.branch;
  if (branch === target.branch) {
    const index = subject.units.indexOf(target);
    return subject.units.slice(index + 1).find((u) => u.branch === branch);
  }
  const unit = subject.units.find((u) => u.branch === branch);
  if (!unit) throw new ReplyError(notFound(`source: no completed scan on branch ${branch}`));
  return unit;
}

/** The values a rule tag key matches against: finding fields first, then the finding's own tags. */
export function attributeValues(f: FindingRecord, key: string): string[] {
  const fields: Record<string, string[]> = {
    severity: [f.severity],
    cvss_31_severity_rating: [f.severity],
    type: [f.type],
    finding_type: [f.type],
    category: [f.category],
    owasp_category: [f.owasp_category, f.owasp_2017],
    owasp_2021_category: [f.owasp_category],
    reachability: [f.reachable ? 'reachable' : 'unreachable'],
    status: [f.status],
    app: [f.app],
    cwe: [String(f.cwe)],
  };
  const own = f.tags.filter((t) => t.key === key).map((t) => String(t.value));
  return [...(fields[key] ?? []), ...own].map((v) => v.toLowerCase());
}

export function matches(f: FindingRecord, rule: CheckRule): boolean {
  return Object.entries(rule.tags ?? {}).every(([key, values]) => {
    const have = attributeValues(f, key);
    return values.some((v) => have.includes(v.toLowerCase()));
  });
}

function resultTags(f: FindingRecord): Record<string, string[]> {
  const tags: Record<string, string[]> = {
    app: [f.app],
    severity: [f.severity],
    type: [f.type],
    category: [f.category],
    owasp_category: [f.owasp_category],
    cwe: [String(f.cwe)],
    reachability: [f.reachable ? 'reachable' : 'unreachable'],
  };
  const where = findingLocation(f);
  if (where) tags.file = [where.file];
  if (where?.line !== undefined) tags.line = [String(where.line)];
  return tags;
}

function byImportance(a: FindingRecord, b: FindingRecord): number {
  return (
    (severityRank[b.severity] ?? 0) - (severityRank[a.severity] ?? 0) ||
    Number(b.reachable) - Number(a.reachable) ||
    Number(a.id) - Number(b.id)
  );
}

function summary(matched: FindingRecord[], keys: string[], overThreshold: number, limit: number) {
  const by_tag: Record<string, Record<string, number>> = {};
  for (const key of keys) {
    const counts: Record<string, number> = {};
    for (const f of matched)
      for (const v of new Set(attributeValues(f, key))) counts[v] = (counts[v] ?? 0) + 1;
    by_tag[key] = counts;
  }
  return {
    by_tag,
    reachable: matched.filter((f) => f.reachable).length,
    matched: matched.length,
    over_threshold: overThreshold,
    findings: [...matched]
      .sort(byImportance)
      .slice(0, limit)
      .map((f) => ({ id: Number(f.id), title: f.title, tags: resultTags(f) })),
  };
}

/** Evaluates the rules against the target scan (kind single) or its findings absent from the source (diff). */
export function evaluateCheck(
  state: SandboxState,
  name: string,
  body: CheckBody,
): PayloadOf<typeof CheckResult> {
  const ids = new Set<string>();
  for (const rule of body.rules) {
    if (ids.has(rule.id))
      throw new ReplyError(invalid('invalid request body', [`rules: duplicate id ${rule.id}`]));
    ids.add(rule.id);
  }
  const subject = checkSubject(state, name);
  const target = targetOf(subject, body.target);
  const source = sourceOf(subject, body.source, target);
  const diff = body.meta.kind === 'diff';
  const baseline = new Set(diff ? (source?.finding_ids ?? []) : []);
  // With diff, a finding the target has and the source does not is new even when marked fixed: it came back
  // (ListScansCompare calls it a regression). Ignored findings stay out.
  const candidates = findingsOf(state, target.finding_ids).filter(
    (f) => !baseline.has(f.id) && f.status !== 'ignored' && (diff || f.status !== 'fixed'),
  );
  const limit = body.meta.num_findings ?? 5;
  const rules: PayloadOf<typeof CheckResult>['rules'] = {};
  const all = new Map<string, FindingRecord>();
  let over = 0;
  for (const rule of body.rules) {
    const matched = candidates.filter((f) => matches(f, rule));
    for (const f of matched) all.set(f.id, f);
    const overThreshold = Math.max(0, matched.length - (rule.threshold ?? 0));
    over += overThreshold;
    rules[rule.id] = summary(
      matched,
      Object.keys(rule.tags ?? {}),
      overThreshold,
      rule.num_findings ?? limit,
    );
  }
  return {
    ...(source ? { source: { id: source.id } } : {}),
    target: { id: target.id },
    rules,
    totals: summary([...all.values()], ['severity'], over, limit),
  };
}
