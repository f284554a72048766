/**
 * Whether a scan has completed, is running or failed, as the service shows it. A Scan has no status field:
 * `successful` is true once the analysis completed; a scan not successful is still running while it has no
 * `completed_at`, and failed once it has one. The compound listing (and its `status` filter) name the state
 * `completed`, `running` or `failed`; a row carrying both must agree.
 */
export type ScanState = 'completed' | 'running' | 'failed';

const states: readonly string[] = ['completed', 'running', 'failed'];

/**
 * A `status` field and the state the other fields show: one alone, or both when they agree on "completed".
 * A status that is not one of the documented three exactly (`queued`, `RUNNING`, `completed `, 42) is no
 * state at all, whatever `successful` says: only `completed` is finished, and a gate fails closed on the rest.
 */
function agreed(status: unknown, shown: ScanState | undefined): ScanState | undefined {
  if (status === undefined || status === null) return shown;
  if (typeof status !== 'string' || !states.includes(status)) return undefined;
  if (shown === undefined) return status as ScanState;
  return (status === 'completed') === (shown === 'completed') ? (status as ScanState) : undefined;
}

/**
 * The state of a scan, or undefined when the answer does not say (no `successful`) or contradicts itself
 * (`status: completed` and `successful: false`): a gate reads neither as completed.
 */
export function scanState(scan: {
  successful?: unknown;
  completed_at?: unknown;
  status?: unknown;
}): ScanState | undefined {
  const shown: ScanState | undefined =
    scan.successful === true
      ? 'completed'
      : scan.successful === false
        ? typeof scan.completed_at === 'string' && scan.completed_at !== ''
          ? 'failed'
          : 'running'
        : undefined;
  return agreed(scan.status, shown);
}

/**
 * The state of a compound scan read alone: its `status`, and its app scans (failed when one failed, running
 * while one runs, completed when all completed). Undefined when it has no app scan whose state it shows.
 */
export function compoundScanState(scan: {
  status?: unknown;
  scans?: readonly object[] | null;
}): ScanState | undefined {
  const members = (scan.scans ?? []).map((s) => scanState(s));
  const shown: ScanState | undefined =
    members.length === 0 || members.includes(undefined)
      ? undefined
      : members.includes('failed')
        ? 'failed'
        : members.includes('running')
          ? 'running'
          : 'completed';
  return agreed(scan.status, shown);
}
