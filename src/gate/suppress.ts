import { findingLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';
import type { CheckRule } from '@secscan/api/schemas/scans';
import type { EngineContext } from '../factory.js';
import { expiryNotices, refOf, type Suppressor } from '../ignores/match.js';
import { asFinding } from './findings.js';
import {
  type GateReport,
  type Recount,
  type RuleCount,
  type RuleRow,
  type SuppressedFinding,
  type TopFinding,
  verdictOf,
} from './report.js';
import { type RecountSubject, recountRule } from './recount.js';

/** A listed finding as the check's answer shows one (so every report, SARIF's fingerprints too, is alike). */
function asTop(f: Finding): TopFinding {
  const place = findingLocation(f);
  const tag = (key: string) => f.tags?.find((t) => t.key === key)?.value;
  const tags: Record<string, string[]> = {
    app: [f.app],
    severity: [f.severity ?? ''],
    type: [f.type],
    category: [f.category ?? ''],
  };
  if (tag('cwe_category') !== undefined) tags.cwe = [String(tag('cwe_category'))];
  if (place) tags.file = [place.file];
  if (place?.line !== undefined) tags.line = [String(place.line)];
  return {
    id: Number(f.id),
    title: f.title ?? '',
    severity: f.severity ?? '',
    app: f.app,
    location: place ? `${place.file}${place.line ? `:${place.line}` : ''}` : '',
    tags,
  };
}

const keyOf = (f: { app: string; id: number | string | undefined }) => `${f.app}\u0000${f.id}`;

/** What a rule counts, from its row (and, recounted, how many of its matched findings no longer count). */
const countOf = ({ over: _over, result: _result, ...count }: RuleRow, suppressed?: number): RuleCount =>
  suppressed === undefined ? count : { ...count, suppressed };

function recountNote(
  row: RuleRow,
  scan: number,
  listed: number,
  suppressed: number,
  applied: boolean,
): string {
  if (!applied) {
    return (
      `${row.rule}: not recounted: the findings listing of scan ${scan} gives ${listed} finding(s) the rule ` +
      `matches where the check counted ${row.matched}, so no suppression is subtracted (all ${row.matched} count)`
    );
  }
  const after = verdictOf([countOf(row, suppressed)]);
  return (
    `${row.rule}: recounted from the findings listing of scan ${scan}: ${listed} matched, ${suppressed} ` +
    `suppressed, ${listed - suppressed} count against threshold ${row.threshold}: ` +
    (after.passed ? 'passes' : 'still fails')
  );
}

/**
 * The gate with the ignore file applied: each rule's top findings that an entry in effect suppresses are
 * set apart; each failing rule is recounted from the full findings listing of the scan under test and its
 * suppressed findings subtracted (when the listing agrees with the check's count: otherwise every finding
 * still counts and the report says why). Expired entries suppress nothing; stderr says so, a line a date.
 */
export async function suppressGate(
  ctx: EngineContext,
  report: GateReport,
  suppress: Suppressor,
  rules: readonly CheckRule[],
  subject: RecountSubject,
): Promise<GateReport> {
  for (const line of expiryNotices(suppress.file, suppress.expired)) ctx.warn(line);
  const suppressed = new Map<string, SuppressedFinding>();
  const note = (top: TopFinding, rule: string) => {
    const entry = suppress.find(asFinding(top));
    if (!entry) return false;
    const known = suppressed.get(keyOf(top));
    if (known) {
      if (!known.rules.includes(rule)) known.rules.push(rule);
    } else suppressed.set(keyOf(top), { finding: top, rules: [rule], by: refOf(suppress.file, entry) });
    return true;
  };
  const findings: Record<string, TopFinding[]> = {};
  for (const [rule, tops] of Object.entries(report.findings)) {
    findings[rule] = tops.filter((top) => !note(top, rule));
  }
  const anyInEffect = suppress.file.entries.length > suppress.expired.length;
  const recounts: Recount[] = [];
  const counts: RuleCount[] = [];
  const client = await ctx.client();
  for (const row of report.rules) {
    const rule = rules.find((r) => r.id === row.rule);
    if (row.result !== 'fail' || !rule || !anyInEffect) {
      counts.push(countOf(row));
      continue;
    }
    const matched = await ctx.spin(`Recounting ${row.rule} from the findings of scan ${report.target}`, () =>
      recountRule(client, subject, { target: report.target, source: report.source, kind: report.kind }, rule),
    );
    const hidden = matched.map(asTop).filter((top) => note(top, row.rule));
    const applied = matched.length === row.matched;
    const text = recountNote(row, report.target, matched.length, hidden.length, applied);
    ctx.note(text);
    recounts.push({ rule: row.rule, listed: matched.length, suppressed: hidden.length, applied, note: text });
    counts.push(countOf(row, applied ? hidden.length : undefined));
  }
  const lapsed = Object.values(findings)
    .flat()
    .flatMap((top) => {
      const entry = suppress.findExpired(asFinding(top));
      return entry ? [{ app: top.app, id: top.id, line: entry.line, expires: entry.expires as string }] : [];
    })
    .filter((l, i, all) => all.findIndex((m) => m.app === l.app && m.id === l.id) === i);
  // The verdict again, from the counts less what was suppressed: the one computation of report.ts.
  const verdict = verdictOf(counts);
  return {
    ...report,
    rules: verdict.rules,
    findings,
    totals: { ...report.totals, over: verdict.over },
    passed: verdict.passed,
    suppressions: {
      file: suppress.file.path,
      suppressed: [...suppressed.values()],
      recounted: recounts,
      expired: suppress.expired.map((e) => ({ line: e.line, expires: e.expires as string })),
      ...(lapsed.length ? { lapsed } : {}),
    },
  };
}
