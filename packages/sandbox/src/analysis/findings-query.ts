import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { Finding } from '@secscan/api/schemas/findings';
import { invalid, notFound, type QueryReader, ReplyError } from '../http.js';
import type { SandboxState } from '../state.js';
import type { FindingRecord, PolyglotScanRecord, ScanRecord } from '../model/analysis.js';

/** The API's Finding shape for a stored finding; `exclude` drops `description`, `details` (the `fields` query). */
export function toApiFinding(f: FindingRecord, exclude?: ReadonlySet<string>): PayloadOf<typeof Finding> {
  const out: PayloadOf<typeof Finding> = {
    id: f.id,
    app: f.app,
    type: f.type,
    title: f.title,
    description: f.description,
    severity: f.severity,
    owasp_category: f.owasp_category,
    category: f.category,
    status: f.status,
    ...(f.assignee ? { assignee: f.assignee } : {}),
    version_first_seen: f.version_first_seen,
    ...(f.scan_first_seen ? { scan_first_seen: f.scan_first_seen } : {}),
    details: f.details,
    internal_id: f.internal_id,
    // Strings always, whatever a state file written by an older sandbox holds (a number for cvss_score).
    tags: [
      ...f.tags.map((t) => ({ key: t.key, value: String(t.value) })),
      { key: 'severity', value: f.severity },
    ],
  };
  if (exclude) for (const field of exclude) delete (out as Record<string, unknown>)[field];
  return out;
}

export const severityRank: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };

const bad = (name: string, detail: string): ReplyError =>
  new ReplyError(invalid(`invalid query parameter ${name}`, [`${name}: ${detail}`]));

export function oneOf<N extends string>(
  query: QueryReader<N>,
  name: NoInfer<N>,
  allowed: readonly string[],
): string[] {
  const values = query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .filter((v) => v !== '');
  for (const v of values) if (!allowed.includes(v)) throw bad(name, `expected one of ${allowed.join(', ')}`);
  return values;
}

export function bool<N extends string>(query: QueryReader<N>, name: NoInfer<N>): boolean | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (/^(true|1)$/i.test(raw)) return true;
  if (/^(false|0)$/i.test(raw)) return false;
  throw bad(name, 'expected true or false');
}

/*
 * Scans and findings are only ever added, so an index of each, rebuilt when its array grows, answers a
 * request in the time its own app takes, not the whole organization's (`--apps 500` has 13,000 scans).
 */
const scanIndexes = new WeakMap<ScanRecord[], { size: number; byApp: Map<string, ScanRecord[]> }>();
const findingIndexes = new WeakMap<FindingRecord[], { size: number; position: Map<string, number> }>();

/** Newest first; completed scans only. */
export function completedScans(state: SandboxState, app: string): ScanRecord[] {
  const scans = state.analysis.scans;
  let index = scanIndexes.get(scans);
  if (!index || index.size !== scans.length) {
    const byApp = new Map<string, ScanRecord[]>();
    for (const s of scans) {
      if (s.status !== 'completed') continue;
      const list = byApp.get(s.app);
      if (list) list.push(s);
      else byApp.set(s.app, [s]);
    }
    for (const list of byApp.values()) {
      list.sort((a, b) => b.started_at.localeCompare(a.started_at) || Number(b.id) - Number(a.id));
    }
    index = { size: scans.length, byApp };
    scanIndexes.set(scans, index);
  }
  return [...(index.byApp.get(app) ?? [])];
}

function tagsMatch(tags: Record<string, string>, wanted: readonly string[]): boolean {
  return wanted.every((kv) => {
    const i = kv.indexOf('=');
    return i > 0 && tags[kv.slice(0, i)] === kv.slice(i + 1);
  });
}

/** `scan.<id>` or `tag.<key>=<value>` (the latest scan with that tag). */
export function scanByRef(state: SandboxState, app: string, ref: string): ScanRecord | undefined {
  const scans = completedScans(state, app);
  if (ref.startsWith('scan.')) return scans.find((s) => s.id === ref.slice(5));
  if (ref.startsWith('tag.')) return scans.find((s) => tagsMatch(s.tags, [ref.slice(4)]));
  return undefined;
}

/**
 * ListAppFindings: `scan`, else `version`, else the scan `tags`, else the latest scan. A selector matching
 * no scan is not an error: the service answers 200 without a scan and without findings.
 */
export function selectAppScan(
  state: SandboxState,
  app: string,
  query: URLSearchParams,
): ScanRecord | undefined {
  if (!state.apps.some((a) => a.id === app)) throw new ReplyError(notFound(`no app has the id ${app}`));
  const scans = completedScans(state, app);
  const id = query.get('scan');
  const version = query.get('version');
  const tags = query.getAll('tags').filter(Boolean);
  if (id) return scans.find((s) => s.id === id);
  if (version) return scans.find((s) => s.version === version);
  return scans.find((s) => tagsMatch(s.tags, tags));
}

export function compoundByName(state: SandboxState, name: string) {
  const compound = state.analysis.compounds.find((c) => c.name === name);
  if (!compound) throw new ReplyError(notFound(`no compound is named ${name}`));
  return compound;
}

/** Newest first; completed compound scans only. */
export function polyglotScans(state: SandboxState, compoundId: string): PolyglotScanRecord[] {
  return state.analysis.polyglotScans
    .filter((p) => p.compound_id === compoundId && p.status === 'completed')
    .sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id);
}

const polyglotNames = {
  id: 'polyglot_scan',
  version: 'scan_version',
  branch: 'scan_branch',
  tag: 'scan_tag',
};

/** The compound scan a query selects, or 404 when none matches (the SCA package lists). */
export function selectPolyglotScan(
  state: SandboxState,
  compoundId: string,
  query: URLSearchParams,
  names = polyglotNames,
): PolyglotScanRecord {
  const scan = findPolyglotScan(state, compoundId, query, names);
  if (!scan) throw new ReplyError(notFound('the compound has no matching completed scan'));
  return scan;
}

/**
 * ListCompoundFindings: `polyglot_scan`, else `scan_version`, else `scan_branch`, else `scan_tag`, else the
 * latest; undefined when none matches (the findings lists answer 200 without a scan).
 */
export function findPolyglotScan(
  state: SandboxState,
  compoundId: string,
  query: URLSearchParams,
  names = polyglotNames,
): PolyglotScanRecord | undefined {
  const scans = polyglotScans(state, compoundId);
  const id = query.get(names.id);
  const version = query.get(names.version);
  const branch = query.get(names.branch);
  const tag = query.get(names.tag);
  let scan: PolyglotScanRecord | undefined;
  if (id) scan = scans.find((p) => String(p.id) === id);
  else if (version) scan = scans.find((p) => p.version === version);
  else if (branch) scan = scans.find((p) => p.branch === branch);
  else if (tag) {
    const m = /^(.*?)__eq__(.*)$/.exec(tag);
    if (!m) throw bad(names.tag, 'expected <key>__eq__<value>');
    scan = scans.find((p) => p.tags[m[1] as string] === m[2]);
  } else scan = scans[0];
  return scan;
}

const platformLanguage: Record<string, string> = {
  javasrc: 'java',
  pythonsrc: 'python',
  jssrc: 'javascript',
  swiftsrc: 'swift',
};

/** The element scans of a compound scan, narrowed by `scan_platform` or `scan_language`. */
export function elementScans(state: SandboxState, polyglot: PolyglotScanRecord, query: URLSearchParams) {
  const platform = query.get('scan_platform');
  const language = query.get('scan_language');
  if (platform && language) throw bad('scan_platform', 'not together with scan_language');
  const wanted = platform ? (platformLanguage[platform] ?? platform) : language;
  return state.analysis.scans.filter(
    (s) => polyglot.scan_ids.includes(s.id) && (!wanted || s.language === wanted),
  );
}

/** Where each finding is in `state.analysis.findings`, by id (the index rebuilt when the array grows). */
export function findingPositions(state: SandboxState): ReadonlyMap<string, number> {
  const findings = state.analysis.findings;
  let index = findingIndexes.get(findings);
  if (!index || index.size !== findings.length) {
    index = { size: findings.length, position: new Map(findings.map((f, i) => [f.id, i])) };
    findingIndexes.set(findings, index);
  }
  return index.position;
}

/** The findings present in any of the scans, in the order they were recorded. */
export function findingsOfScans(state: SandboxState, scans: readonly ScanRecord[]): FindingRecord[] {
  const findings = state.analysis.findings;
  const position = findingPositions(state);
  const positions = new Set<number>();
  for (const s of scans) {
    for (const id of s.finding_ids) {
      const at = position.get(id);
      if (at !== undefined) positions.add(at);
    }
  }
  return [...positions].sort((a, b) => a - b).map((i) => findings[i] as FindingRecord);
}

/** `diff` against `source` (default: the previous scan on the target's branch). */
export function diffFindings(
  state: SandboxState,
  target: ScanRecord,
  query: URLSearchParams,
): FindingRecord[] | undefined {
  const diff = query.get('diff');
  const sourceRef = query.get('source');
  if (!diff && !sourceRef) return undefined;
  if (diff && !['new', 'regression', 'common', 'fixed'].includes(diff)) {
    throw bad('diff', 'expected new, regression, common or fixed');
  }
  if (sourceRef && !/^(scan\.\d+|tag\.\w+=\w+)$/.test(sourceRef)) {
    throw bad('source', 'expected scan.<number> or tag.<key>=<value>');
  }
  const scans = completedScans(state, target.app);
  const source = sourceRef
    ? scanByRef(state, target.app, sourceRef)
    : scans.find((s) => s.branch === target.branch && s.started_at < target.started_at);
  if (!source) throw new ReplyError(notFound(`no source scan ${sourceRef ?? 'before the target'}`));
  const before = new Set(source.finding_ids);
  const after = new Set(target.finding_ids);
  const earlier = new Set(
    scans.filter((s) => s.started_at < source.started_at).flatMap((s) => s.finding_ids),
  );
  const pick = (ids: Iterable<string>) => {
    const set = new Set(ids);
    return state.analysis.findings.filter((f) => set.has(f.id));
  };
  const added = [...after].filter((id) => !before.has(id));
  switch (diff ?? 'new') {
    case 'fixed':
      return pick([...before].filter((id) => !after.has(id)));
    case 'common':
      return pick([...after].filter((id) => before.has(id)));
    case 'regression':
      return pick(added.filter((id) => earlier.has(id)));
    default:
      return pick(added);
  }
}
