import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { AppVersion } from '@secscan/api/schemas/versions';
import { completedScans, findingsOfScans } from '../analysis/findings-query.js';
import type { FindingRecord, ScanRecord } from '../model/analysis.js';
import { findingsSummaries, versionTotals } from '../analysis/summaries.js';
import { type HandlerMap, notFound, ok } from '../http.js';
import type { SandboxState } from '../state.js';
import { apiScan } from './findings.js';

function version(state: SandboxState, scan: ScanRecord, types: string[]): PayloadOf<typeof AppVersion> {
  const all = findingsOfScans(state, [scan]);
  const items: FindingRecord[] = types.length ? all.filter((f) => types.includes(f.type)) : all;
  return {
    version: scan.version,
    scan: apiScan(scan),
    findings_summaries: findingsSummaries(items),
    ...versionTotals(items),
  };
}

function typesOf(query: URLSearchParams): string[] {
  return query
    .getAll('type')
    .flatMap((v) => v.split(','))
    .filter(Boolean);
}

export const versionHandlers = {
  ListAppVersions: ({ state, params, query }) => {
    if (!state.apps.some((a) => a.id === params.appID)) return notFound(`no app has the id ${params.appID}`);
    const tags = [...query.getAll('tags'), ...query.getAll('tags[]')].filter(Boolean);
    const seen = new Set<string>();
    const latest = completedScans(state, params.appID as string).filter((s) => {
      const match = tags.every(
        (kv) => s.tags[kv.split('=')[0] as string] === kv.split('=').slice(1).join('='),
      );
      if (!match || seen.has(s.version)) return false;
      seen.add(s.version);
      return true;
    });
    return ok(latest.map((s) => version(state, s, typesOf(query))));
  },

  ReadAppVersion: ({ state, params, query }) => {
    if (!state.apps.some((a) => a.id === params.appID)) return notFound(`no app has the id ${params.appID}`);
    const scanId = query.get('scan');
    const scan = completedScans(state, params.appID as string).find(
      (s) => s.version === params.versionID && (!scanId || s.id === scanId),
    );
    if (!scan) return notFound(`app ${params.appID} has no scan of version ${params.versionID}`);
    return ok(version(state, scan, typesOf(query)));
  },
} satisfies HandlerMap;
