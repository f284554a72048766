import { randomBytes } from 'node:crypto';
import type { ScanControlBody } from '@secscan/api/sandbox-control';
import { invalid, notFound, ReplyError } from '../http.js';
import { Prng } from '../random.js';
import type { AppRecord, SandboxState } from '../state.js';
import { type FindingTemplate, findingTemplates, languageOfApp } from './catalog.js';
import { findingsChanged } from './findings-cache.js';
import { makeFinding } from './finding-shape.js';
import type { FindingRecord, FindingType, PolyglotScanRecord, ScanRecord, Severity } from './model.js';

/** What `secscan sandbox scan` recorded: the new scans and the findings that came, went and came back. */
export interface RecordedScan {
  branch: string;
  scans: ScanRecord[];
  polyglot?: { record: PolyglotScanRecord; compound: string };
  added: FindingRecord[];
  fixed: FindingRecord[];
  regressed: FindingRecord[];
}

const bad = (message: string) => new ReplyError(invalid(message));

function latestOn(state: SandboxState, app: string, branch: string): ScanRecord | undefined {
  return state.analysis.scans
    .filter((s) => s.app === app && s.branch === branch && s.status === 'completed')
    .sort((a, b) => b.started_at.localeCompare(a.started_at) || Number(b.id) - Number(a.id))[0];
}

/** The template a `--new SEVERITY[:TYPE]` finding is drawn from: one of that type, of that severity if any. */
function templateFor(type: FindingType, severity: Severity, index: number): FindingTemplate {
  const ofType = findingTemplates.filter((t) => t.type === type);
  const same = ofType.filter((t) => t.severity === severity);
  const pool = same.length ? same : ofType;
  return (pool[index % pool.length] ?? findingTemplates[0]) as FindingTemplate;
}

function languageOf(app: AppRecord): string {
  return languageOfApp[app.id] ?? String(app.tags.find((t) => t.key === 'language')?.value ?? 'java');
}

/** Newest first (the highest ids), at most `n`; fewer than asked is a 400 naming how many there are. */
function take(candidates: FindingRecord[], n: number, what: string): FindingRecord[] {
  if (n > candidates.length) {
    throw bad(
      `${what}: only ${candidates.length} finding(s) can be ${what === 'fix' ? 'fixed' : 'brought back'}`,
    );
  }
  return [...candidates].sort((a, b) => Number(b.id) - Number(a.id)).slice(0, n);
}

/**
 * When the scan starts: `at` when given (after the last scan of every app on that branch, so the history
 * stays in order), else now, or a minute after the organization's latest scan if that is later.
 */
function startOf(
  state: SandboxState,
  body: ScanControlBody,
  apps: readonly AppRecord[],
  branch: string,
): number {
  if (body.at === undefined) {
    const latest = state.analysis.scans.reduce((max, s) => Math.max(max, Date.parse(s.started_at)), 0);
    return Math.max(Date.now(), latest + 60_000);
  }
  const at = Date.parse(body.at);
  for (const app of apps) {
    const last = latestOn(state, app.id, branch);
    if (last && Date.parse(last.started_at) >= at) {
      throw bad(`at: ${body.at} is not after the last scan of ${app.id} on ${branch} (${last.started_at})`);
    }
  }
  return at;
}

/**
 * Records one completed scan of an app (or one compound scan, one element scan per app) on a branch: the
 * previous scan's findings less `fix`, plus `reappear` findings seen in earlier scans and `new` findings.
 */
export function recordScan(state: SandboxState, body: ScanControlBody): RecordedScan {
  const compound = body.compound ? state.analysis.compounds.find((c) => c.name === body.compound) : undefined;
  if (body.compound && !compound) throw new ReplyError(notFound(`no compound is named ${body.compound}`));
  const appIds = compound ? compound.app_ids : [body.app as string];
  const apps = appIds.map((id) => {
    const app = state.apps.find((a) => a.id === id);
    if (!app) throw new ReplyError(notFound(`no app has the id ${id}`));
    return app;
  });
  const first = apps[0];
  if (!first) throw bad(`compound ${body.compound} has no apps`);
  const branch = body.branch ?? first.base_branch;
  const byId = new Map(state.analysis.findings.map((f) => [f.id, f]));
  // The branch's last scan, else the default branch's (a new branch starts from it).
  const previous = new Map(
    apps.map((app) => [app.id, latestOn(state, app.id, branch) ?? latestOn(state, app.id, app.base_branch)]),
  );
  const present = new Set(apps.flatMap((app) => previous.get(app.id)?.finding_ids ?? []));
  const fixed = take(
    [...present].flatMap((id) => byId.get(id) ?? []),
    body.fix ?? 0,
    'fix',
  );
  // Findings of the history the scan continues (its branch, or the default branch it starts from).
  const history = new Set([...previous.values()].map((p) => p?.branch ?? branch));
  const seenBefore = new Set(
    state.analysis.scans
      .filter((s) => appIds.includes(s.app) && s.status === 'completed' && history.has(s.branch))
      .flatMap((s) => s.finding_ids),
  );
  const regressed = take(
    [...seenBefore].filter((id) => !present.has(id)).flatMap((id) => byId.get(id) ?? []),
    body.reappear ?? 0,
    'reappear',
  );
  const started = startOf(state, body, apps, branch);
  const rng = new Prng(randomBytes(4).readUInt32BE(0));
  const scans = apps.map((app, i) => {
    const version = randomBytes(4).toString('hex').slice(0, 7);
    const scan: ScanRecord = {
      id: String(state.analysis.next.scan++),
      app: app.id,
      version,
      branch,
      is_default_branch: branch === app.base_branch,
      status: 'completed',
      started_at: new Date(started + i * 1000).toISOString(),
      // A scan recorded `at` a date completed then: its history has the dates given, to the second.
      completed_at: new Date(started + i * 1000 + (body.at ? 0 : rng.int(60, 300) * 1000)).toISOString(),
      language: languageOf(app),
      number_of_expressions: rng.int(20_000, 400_000),
      tags: { branch, commit: version },
      oss_info: { enabled: true, successful: true, failure_reason: '' },
      finding_ids: [],
    };
    const gone = new Set(fixed.map((f) => f.id));
    const back = regressed.filter((f) => f.app === app.id).map((f) => f.id);
    scan.finding_ids = [...(previous.get(app.id)?.finding_ids ?? []).filter((id) => !gone.has(id)), ...back];
    return scan;
  });
  const added: FindingRecord[] = [];
  let n = 0;
  for (const spec of body.new ?? []) {
    for (let k = 0; k < spec.count; k++, n++) {
      const scan = scans[n % scans.length] as ScanRecord;
      const app = apps[n % apps.length] as AppRecord;
      const finding = makeFinding(
        {
          id: String(state.analysis.next.finding++),
          app: app.id,
          language: scan.language,
          template: templateFor(spec.type ?? 'vuln', spec.severity, k),
          severity: spec.severity,
          introduced: scan,
          status: 'unset',
        },
        rng,
      );
      state.analysis.findings.push(finding);
      scan.finding_ids.push(finding.id);
      added.push(finding);
    }
  }
  for (const f of fixed) {
    const scan = scans.find((s) => s.app === f.app);
    if (scan?.is_default_branch && f.status === 'unset') f.status = 'fixed';
  }
  for (const f of regressed) if (f.status === 'fixed') f.status = 'unset';
  state.analysis.scans.push(...scans);
  let polyglot: RecordedScan['polyglot'];
  if (compound) {
    const record: PolyglotScanRecord = {
      id: state.analysis.next.polyglot++,
      compound_id: compound.id,
      branch,
      version: (scans[0] as ScanRecord).version,
      status: 'completed',
      started_at: (scans[0] as ScanRecord).started_at,
      completed_at: scans
        .map((s) => s.completed_at as string)
        .sort()
        .pop() as string,
      tags: { branch },
      scan_ids: scans.map((s) => s.id),
    };
    for (const scan of scans) scan.polyglot_scan_id = record.id;
    state.analysis.polyglotScans.push(record);
    polyglot = { record, compound: compound.name };
  }
  findingsChanged(state);
  return { branch, scans, ...(polyglot ? { polyglot } : {}), added, fixed, regressed };
}
