import { type FindingTemplate, findingTemplates } from '../analysis/catalog.js';
import { makeFinding } from '../analysis/finding-shape.js';
import type { FindingRecord, ScanRecord, Severity } from '../model/analysis.js';
import { Prng } from '../random.js';
import type { SandboxState } from '../state.js';
import { scanFrom, weighted, weeklyScan } from './weekly.js';

/**
 * Half a year behind the demo's scans: 24 weekly scans of each demo app's default branch before its first
 * demo scan (a week skipped now and then), so trends, stats, MTTR and burn-down read as a programme's.
 * Findings arrive each week and are fixed (critical ones faster, a few only after their SLA), a few come
 * back and are fixed again; most of the demo's open findings arrived during this half year, so the backlog
 * ages. Everything here comes after the demo's own data, from a stream of its own (the seed's and the app's):
 * the demo's finding and scan ids, its scans' contents and everything seeded after them stay as they were.
 */

const day = 86_400_000;
const hour = 3_600_000;
export const historyWeeks = 24;

const drawn = findingTemplates.filter((t) => !t.placed);
const byType = (types: readonly string[]) => drawn.filter((t) => types.includes(t.type));
/** Kinds of findings by share: code findings, dependencies, secrets, containers, the rest. */
const mix: [number, FindingTemplate[]][] = [
  [0.45, byType(['vuln'])],
  [0.3, byType(['oss_vuln'])],
  [0.1, byType(['secret'])],
  [0.08, byType(['container'])],
  [0.07, byType(['insight', 'extscan', 'security_issue'])],
];
/**
 * The days a fix takes, by severity: about four in five within the SLA of `reports trends` (7, 30, 90 and
 * 180 days), the rest late.
 */
const fixDays: Record<Severity, [number, number]> = {
  critical: [1, 9],
  high: [3, 38],
  medium: [7, 110],
  low: [14, 220],
};

function weeklyScans(state: SandboxState, first: ScanRecord, rng: Prng): ScanRecord[] {
  const scans: ScanRecord[] = [];
  let skipped = false;
  for (let w = 0; w < historyWeeks; w++) {
    // A week skipped now and then, never two in a row.
    const skip: boolean = w > 0 && w < historyWeeks - 1 && rng.next() < 0.1 && !skipped;
    skipped = skip;
    if (skip) continue;
    const started = Date.parse(first.started_at) - (historyWeeks - w) * 7 * day - rng.int(0, 20) * hour;
    scans.push(
      weeklyScan(state, { app: first.app, branch: first.branch, language: first.language }, started, 12, rng),
    );
  }
  return scans;
}

function appHistory(
  state: SandboxState,
  appIndex: number,
  app: string,
  seed: number,
  people: string[],
): void {
  const rng = new Prng((Math.imul(seed ^ 0x4157_0e11, 2_654_435_761) + appIndex * 131) >>> 0);
  const demo = state.analysis.scans
    .filter((s) => s.app === app && s.is_default_branch)
    .sort((a, b) => a.started_at.localeCompare(b.started_at));
  const first = demo[0];
  if (!first) return;
  const scans = weeklyScans(state, first, rng);
  const last = scans.length;
  // The demo's findings its first scan already had: most arrived during the half year before.
  for (const finding of state.analysis.findings) {
    if (finding.app !== app || finding.scan_first_seen !== first.id) continue;
    if (rng.next() < 0.2) continue;
    const from = rng.int(0, last - 1);
    const scan = scans[from] as ScanRecord;
    finding.created_at = scan.started_at;
    finding.scan_first_seen = scan.id;
    finding.version_first_seen = scan.version;
    for (const s of scans.slice(from)) s.finding_ids.push(finding.id);
  }
  // Findings of the half year, all fixed before the demo's first scan (some after coming back once).
  scans.forEach((scan, i) => {
    const arrivals =
      i === 0
        ? rng.int(2, 5)
        : weighted(rng, [
            [0.3, 0],
            [0.35, 1],
            [0.22, 2],
            [0.13, 3],
          ]);
    for (let k = 0; k < arrivals; k++) {
      const template = rng.pick(weighted(rng, mix));
      const fixAt = scanFrom(
        scans,
        Date.parse(scan.started_at) + rng.int(...fixDays[template.severity]) * day,
      );
      const reopen = rng.next() < 0.08;
      const back = fixAt === undefined ? undefined : fixAt + rng.int(2, 4);
      const again = back === undefined ? undefined : back + rng.int(1, 3);
      const assigned = rng.next() < 0.45 ? rng.pick(people) : undefined;
      // Still open when the demo begins: the demo's own findings stand for those.
      if (fixAt === undefined || fixAt <= i) continue;
      const finding: FindingRecord = makeFinding(
        {
          id: String(state.analysis.next.finding++),
          app,
          language: first.language,
          template,
          introduced: scan,
          status: 'fixed',
        },
        rng,
      );
      if (assigned) finding.assignee = assigned;
      state.analysis.findings.push(finding);
      const reopened = reopen && again !== undefined && again < last;
      scans.forEach((s, j) => {
        const open = j >= i && j < fixAt;
        if (open || (reopened && j >= (back as number) && j < (again as number)))
          s.finding_ids.push(finding.id);
      });
    }
  });
  state.analysis.scans.push(...scans);
}

/** The demo apps' half year of history (apps without a demo scan, and the `--findings` app, have none). */
export function seedDemoHistory(state: SandboxState, seed: number, options: { findings?: number }): void {
  const people = state.users.map((u) => u.email);
  state.apps.forEach((app, index) => {
    if (options.findings !== undefined && app.id === 'shiftleft-java-demo') return;
    appHistory(state, index, app.id, seed, people);
  });
}
