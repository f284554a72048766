import { randomBytes } from 'node:crypto';
import type { ScanControlBody } from '@secscan/api/sandbox-control';
import { invalid, notFound, ReplyError } from '../http.js';
import { Prng } from '../random.js';
import type { AppRecord, SandboxState } from '../state.js';
import { type FindingTemplate, findingTemplates, languageOfApp } from './catalog.js';
import { findingsChanged } from './findings-cache.js';
import { makeFinding } from './finding-shape.js';
import type {
  FindingRecord,
  FindingType,
  PendingScan,
  PolyglotScanRecord,
  ScanRecord,
  ScanStatus,
  Severity,
} from '../model/analysis.js';

/** What `secscan sandbox scan` recorded: the new scans and the findings that came, went and came back. */
export interface RecordedScan {
  branch: string;
  /** `running` until `ends_at`: the findings are recorded when it completes. */
  status: ScanStatus;
  ends_at?: string;
  scans: ScanRecord[];
  polyglot?: { record: PolyglotScanRecord; compound: string };
  added: FindingRecord[];
  fixed: FindingRecord[];
  regressed: FindingRecord[];
}

const bad = (message: string) => new ReplyError(invalid(message));

/** The branch's last completed scan of an app that started before `before` (any, without it). */
function latestOn(state: SandboxState, app: string, branch: string, before?: string): ScanRecord | undefined {
  return state.analysis.scans
    .filter(
      (s) =>
        s.app === app &&
        s.branch === branch &&
        s.status === 'completed' &&
        (before === undefined || s.started_at < before),
    )
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

function tagsOf(body: ScanControlBody): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const tag of body.tags ?? []) {
    const i = tag.indexOf('=');
    tags[tag.slice(0, i)] = tag.slice(i + 1);
  }
  return tags;
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
  now: number,
): number {
  if (body.at === undefined) {
    const latest = state.analysis.scans.reduce((max, s) => Math.max(max, Date.parse(s.started_at)), 0);
    return Math.max(now, latest + 60_000);
  }
  if (body.running_ms !== undefined)
    throw bad('at: a scan recorded at a date has ended; not with running_ms');
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
 * Records one scan of an app (or one compound scan, one element scan per app) on a branch. Without
 * `running_ms` it completes (or fails) at once; with it, it stays `running` in `state.analysis.pending`
 * until `finishScan` ends it. A request the state cannot take throws a ReplyError and changes nothing.
 */
export function recordScan(state: SandboxState, body: ScanControlBody, now = Date.now()): RecordedScan {
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
  const started = startOf(state, body, apps, branch, now);
  const rng = new Prng(randomBytes(4).readUInt32BE(0));
  const extraTags = tagsOf(body);
  const scans = apps.map((app, i): ScanRecord => {
    const version = body.version ?? randomBytes(4).toString('hex').slice(0, 7);
    return {
      id: String(state.analysis.next.scan++),
      app: app.id,
      version,
      branch,
      is_default_branch: branch === app.base_branch,
      status: 'running',
      started_at: new Date(started + i * 1000).toISOString(),
      language: languageOf(app),
      number_of_expressions: rng.int(20_000, 400_000),
      tags: { ...extraTags, branch, commit: version },
      oss_info: { enabled: true, successful: true, failure_reason: '' },
      finding_ids: [],
    };
  });
  const pending: PendingScan = {
    scan_ids: scans.map((s) => s.id),
    recorded_at: new Date(now).toISOString(),
    ends_at: new Date(now + (body.running_ms ?? 0)).toISOString(),
    outcome: body.fail ? 'failed' : 'completed',
    changes: {
      ...(body.new ? { new: body.new } : {}),
      ...(body.fix ? { fix: body.fix } : {}),
      ...(body.reappear ? { reappear: body.reappear } : {}),
    },
  };
  // Worked out before anything is stored: a scan that cannot complete is refused, and changes nothing.
  const results =
    body.running_ms === undefined && !body.fail ? resultsOf(state, scans, pending.changes) : undefined;
  state.analysis.scans.push(...scans);
  let polyglot: RecordedScan['polyglot'];
  if (compound) {
    const record: PolyglotScanRecord = {
      id: state.analysis.next.polyglot++,
      compound_id: compound.id,
      branch,
      version: (scans[0] as ScanRecord).version,
      status: 'running',
      started_at: (scans[0] as ScanRecord).started_at,
      tags: { ...extraTags, branch },
      scan_ids: scans.map((s) => s.id),
    };
    for (const scan of scans) scan.polyglot_scan_id = record.id;
    state.analysis.polyglotScans.push(record);
    pending.polyglot_id = record.id;
    polyglot = { record, compound: compound.name };
  }
  if (body.running_ms === undefined) {
    return finishScan(state, pending, { now, rng, results, instant: body.at !== undefined });
  }
  state.analysis.pending = [...(state.analysis.pending ?? []), pending];
  findingsChanged(state);
  return {
    branch,
    status: 'running',
    ends_at: pending.ends_at,
    scans,
    ...(polyglot ? { polyglot } : {}),
    added: [],
    fixed: [],
    regressed: [],
  };
}

export interface Results {
  fixed: FindingRecord[];
  regressed: FindingRecord[];
  /** Per scan: the findings it carries on from the scan before it. */
  carried: Map<string, string[]>;
}

/**
 * What a completing scan finds: the previous scan's findings (its branch's last scan before it, else the
 * default branch's) less `fix`, plus `reappear` findings seen in earlier scans.
 */
function resultsOf(state: SandboxState, scans: ScanRecord[], changes: PendingScan['changes']): Results {
  const byId = new Map(state.analysis.findings.map((f) => [f.id, f]));
  const appIds = scans.map((s) => s.app);
  const previous = new Map(
    scans.map((scan) => {
      const app = state.apps.find((a) => a.id === scan.app);
      const before = scan.started_at;
      return [
        scan.app,
        latestOn(state, scan.app, scan.branch, before) ??
          (app ? latestOn(state, app.id, app.base_branch, before) : undefined),
      ];
    }),
  );
  const present = new Set(scans.flatMap((s) => previous.get(s.app)?.finding_ids ?? []));
  const fixed = take(
    [...present].flatMap((id) => byId.get(id) ?? []),
    changes.fix ?? 0,
    'fix',
  );
  // Findings of the history the scan continues (its branch, or the default branch it starts from).
  const history = new Set([...previous.values()].map((p) => p?.branch ?? scans[0]?.branch));
  const seenBefore = new Set(
    state.analysis.scans
      .filter((s) => appIds.includes(s.app) && s.status === 'completed' && history.has(s.branch))
      .flatMap((s) => s.finding_ids),
  );
  const regressed = take(
    [...seenBefore].filter((id) => !present.has(id)).flatMap((id) => byId.get(id) ?? []),
    changes.reappear ?? 0,
    'reappear',
  );
  const gone = new Set(fixed.map((f) => f.id));
  const carried = new Map(
    scans.map((scan) => [
      scan.id,
      [
        ...(previous.get(scan.app)?.finding_ids ?? []).filter((id) => !gone.has(id)),
        ...regressed.filter((f) => f.app === scan.app).map((f) => f.id),
      ],
    ]),
  );
  return { fixed, regressed, carried };
}

/**
 * Ends a scan under way: completed with its findings, or failed with none. It leaves
 * `state.analysis.pending`; a scan that cannot complete as asked (its findings to fix are gone) fails.
 */
export function finishScan(
  state: SandboxState,
  pending: PendingScan,
  options: { now?: number; rng?: Prng; results?: Results | undefined; instant?: boolean } = {},
): RecordedScan {
  const { now = Date.now(), rng = new Prng(randomBytes(4).readUInt32BE(0)) } = options;
  state.analysis.pending = (state.analysis.pending ?? []).filter((p) => p !== pending);
  const byId = new Map(state.analysis.scans.map((s) => [s.id, s]));
  const scans = pending.scan_ids.flatMap((id) => byId.get(id) ?? []);
  const polyglotRecord = state.analysis.polyglotScans.find((p) => p.id === pending.polyglot_id);
  const branch = scans[0]?.branch ?? polyglotRecord?.branch ?? '';
  let outcome = pending.outcome;
  let results = outcome === 'completed' ? options.results : undefined;
  if (outcome === 'completed' && !results) {
    try {
      results = resultsOf(state, scans, pending.changes);
    } catch {
      outcome = 'failed';
    }
  }
  const ranFor = now - Date.parse(pending.recorded_at);
  for (const scan of scans) {
    // Recorded as completed: it ran a few minutes; recorded as running: as long as it did.
    // A scan recorded `at` a date completed then: its history has the dates given, to the second.
    const ran = options.instant ? 0 : ranFor > 0 ? Math.max(1000, ranFor) : rng.int(60, 300) * 1000;
    scan.completed_at = new Date(Date.parse(scan.started_at) + ran).toISOString();
    scan.status = outcome;
    scan.finding_ids = results?.carried.get(scan.id) ?? [];
    if (outcome === 'failed') {
      scan.oss_info = { enabled: true, successful: false, failure_reason: 'the analysis failed' };
    }
  }
  const added: FindingRecord[] = [];
  const apps = scans.map((s) => state.apps.find((a) => a.id === s.app) as AppRecord);
  let n = 0;
  for (const spec of results ? (pending.changes.new ?? []) : []) {
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
  for (const f of results?.fixed ?? []) {
    const scan = scans.find((s) => s.app === f.app);
    if (scan?.is_default_branch && f.status === 'unset') f.status = 'fixed';
  }
  for (const f of results?.regressed ?? []) if (f.status === 'fixed') f.status = 'unset';
  let polyglot: RecordedScan['polyglot'];
  if (polyglotRecord) {
    polyglotRecord.status = outcome;
    polyglotRecord.completed_at = scans
      .map((s) => s.completed_at as string)
      .sort()
      .pop() as string;
    const compound = state.analysis.compounds.find((c) => c.id === polyglotRecord.compound_id);
    polyglot = { record: polyglotRecord, compound: compound?.name ?? '' };
  }
  findingsChanged(state);
  return {
    branch,
    status: outcome,
    scans,
    ...(polyglot ? { polyglot } : {}),
    added,
    fixed: results?.fixed ?? [],
    regressed: results?.regressed ?? [],
  };
}
