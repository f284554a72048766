import { type FindingTemplate, findingTemplates } from '../analysis/catalog.js';
import { findingsChanged } from '../analysis/findings-cache.js';
import { makeFinding } from '../analysis/finding-shape.js';
import type { FindingRecord, FindingStatus, ScanRecord, Severity } from '../model/analysis.js';
import { Prng } from '../random.js';
import { shiftAnalysis, stateShift } from './clock.js';
import { scanFrom, weighted, weeklyScan } from './weekly.js';
import type { AppRecord, SandboxState } from '../state.js';

/**
 * `--apps N`: an organization of N more apps (`svc-0001`, ...) for analytics at scale, each with about half
 * a year of weekly scans of its default branch ending where the demo's scans begin (2026-09-01): findings
 * arrive at known dates, many are fixed (critical ones faster), a few come back, some stay open past any
 * sensible SLA. Each app has a random stream of its own (from the seed and its number), so an app's data
 * is the same whatever N is, and the demo apps' data never changes.
 */

const day = 86_400_000;
const hour = 3_600_000;
/** The last generated scan: a day before the demo's first. */
const lastScan = Date.UTC(2026, 7, 31, 9, 0, 0);
const weeks = 26;
const languages = ['java', 'go', 'javascript', 'python'] as const;
const tiers = ['critical', 'internal', 'public'];

const drawn = findingTemplates.filter((t) => !t.placed);
const byType = (types: readonly string[]) => drawn.filter((t) => types.includes(t.type));
/** Kinds of findings by share: code findings, dependencies, secrets, containers, the rest. */
const mix: [number, FindingTemplate[]][] = [
  [0.5, byType(['vuln'])],
  [0.25, byType(['oss_vuln'])],
  [0.1, byType(['secret'])],
  [0.08, byType(['container'])],
  [0.07, byType(['insight', 'extscan', 'security_issue'])],
];
const severityShare: [number, Severity][] = [
  [0.1, 'critical'],
  [0.25, 'high'],
  [0.4, 'medium'],
  [0.25, 'low'],
];
/** The share eventually fixed, and the days a fix takes, by severity. */
const fixing: Record<Severity, { share: number; days: [number, number] }> = {
  critical: { share: 0.85, days: [2, 30] },
  high: { share: 0.7, days: [7, 75] },
  medium: { share: 0.5, days: [20, 150] },
  low: { share: 0.3, days: [30, 200] },
};

export function generatedAppId(n: number): string {
  return `svc-${String(n).padStart(4, '0')}`;
}

/** The app's weekly default-branch scans, oldest first (a week skipped now and then). */
function history(state: SandboxState, app: AppRecord, language: string, rng: Prng): ScanRecord[] {
  const scans: ScanRecord[] = [];
  for (let w = 0; w < weeks; w++) {
    if (w > 0 && w < weeks - 1 && rng.next() < 0.1) continue;
    const started = lastScan - (weeks - 1 - w) * 7 * day - rng.int(0, 20) * hour;
    scans.push(weeklyScan(state, { app: app.id, branch: app.base_branch, language }, started, 15, rng));
  }
  return scans;
}

function seedApp(state: SandboxState, n: number, seed: number): void {
  const rng = new Prng((Math.imul(seed ^ 0x5eed_a995, 2_654_435_761) + n * 97) >>> 0);
  const teams = state.rbac.teams;
  const language = languages[(n - 1) % languages.length] as string;
  const team = n % 7 === 0 || !teams.length ? undefined : teams[n % teams.length];
  const app: AppRecord = {
    id: generatedAppId(n),
    name: `Service ${n}`,
    tags: [
      { key: 'language', value: language },
      { key: 'tier', value: rng.pick(tiers) },
    ],
    ...(team ? { team_id: team.team_id } : {}),
    base_branch: 'main',
  };
  state.apps.push(app);
  const scans = history(state, app, language, rng);
  scans.forEach((scan, i) => {
    const arrivals =
      i === 0
        ? rng.int(3, 10)
        : weighted(rng, [
            [0.3, 0],
            [0.35, 1],
            [0.2, 2],
            [0.15, 3],
          ]);
    for (let k = 0; k < arrivals; k++) {
      const severity = weighted(rng, severityShare);
      const template = rng.pick(weighted(rng, mix));
      const plan = fixing[severity];
      const fixAt =
        rng.next() < plan.share
          ? scanFrom(scans, Date.parse(scan.started_at) + rng.int(...plan.days) * day)
          : undefined;
      const back = fixAt !== undefined && rng.next() < 0.05 ? fixAt + rng.int(2, 4) : undefined;
      const reopened = back !== undefined && back < scans.length;
      const triage = rng.next();
      const status: FindingStatus =
        fixAt !== undefined && !reopened
          ? 'fixed'
          : triage < 0.08
            ? 'ignored'
            : triage < 0.12
              ? '3rdparty'
              : 'unset';
      const finding: FindingRecord = makeFinding(
        {
          id: String(state.analysis.next.finding++),
          app: app.id,
          language,
          template,
          severity,
          introduced: scan,
          status,
        },
        rng,
      );
      if (rng.next() < 0.4) finding.assignee = `dev${rng.int(1, 40)}@example.com`;
      state.analysis.findings.push(finding);
      scans.forEach((s, j) => {
        const open = j >= i && (fixAt === undefined || j < fixAt);
        if (open || (reopened && j >= (back as number))) s.finding_ids.push(finding.id);
      });
    }
  });
  state.analysis.scans.push(...scans);
}

/**
 * Adds the generated apps `svc-0001` to `svc-N` the state lacks; true when it added any. Their dates move
 * with the state's seeded dates (seed/clock.ts).
 */
export function addGeneratedApps(state: SandboxState, count: number, seed: number): boolean {
  let added = false;
  const present = new Set(state.apps.map((a) => a.id));
  const [scans, findings] = [state.analysis.scans.length, state.analysis.findings.length];
  for (let n = 1; n <= count; n++) {
    if (present.has(generatedAppId(n))) continue;
    seedApp(state, n, seed);
    added = true;
  }
  const section = {
    scans: state.analysis.scans.slice(scans),
    findings: state.analysis.findings.slice(findings),
  };
  shiftAnalysis(section, stateShift(state));
  if (added) findingsChanged(state);
  return added;
}
