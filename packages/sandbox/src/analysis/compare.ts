import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { ScanDiff } from '@secscan/api/schemas/scans';
import type { SandboxState } from '../state.js';
import { toApiFinding } from './findings-query.js';
import type { ScanRecord } from '../model/analysis.js';
import { appScans, findingsOf, scanInfo } from './shape.js';

/** `scan.<number>` or `tag.<key>=<value>` (the latest completed scan of the app with that tag). */
export function resolveScanRef(state: SandboxState, appId: string, ref: string): ScanRecord | undefined {
  const scan = /^scan\.(\d+)$/.exec(ref);
  if (scan) return state.analysis.scans.find((s) => s.app === appId && s.id === scan[1]);
  const tag = /^tag\.(\w+)=(.+)$/.exec(ref);
  if (!tag) return undefined;
  const [, key, value] = tag as unknown as [string, string, string];
  return appScans(state, appId).find((s) => s.status === 'completed' && s.tags[key] === value);
}

/**
 * New findings are in the target and not in the source, fixed ones the reverse, common ones in both. A new
 * finding is a regression when an earlier scan of the app (before the target) already had it.
 */
export function compareScans(
  state: SandboxState,
  source: ScanRecord,
  target: ScanRecord,
): PayloadOf<typeof ScanDiff> {
  const inSource = new Set(source.finding_ids);
  const inTarget = new Set(target.finding_ids);
  const earlier = new Set(
    state.analysis.scans
      .filter((s) => s.app === target.app && s.started_at < target.started_at && s.id !== source.id)
      .flatMap((s) => s.finding_ids),
  );
  const project = (ids: string[], regression: (id: string) => boolean) =>
    findingsOf(state, ids).map((f) => ({ ...toApiFinding(f), regression: regression(f.id) }));
  return {
    source: scanInfo(source),
    target: scanInfo(target),
    new: project(
      target.finding_ids.filter((id) => !inSource.has(id)),
      (id) => earlier.has(id),
    ),
    fixed: project(
      source.finding_ids.filter((id) => !inTarget.has(id)),
      () => false,
    ),
    common: project(
      target.finding_ids.filter((id) => inSource.has(id)),
      () => false,
    ),
  };
}
