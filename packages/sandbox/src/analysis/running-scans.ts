import type { SandboxState } from '../state.js';
import { finishScan, type RecordedScan } from './record-scan.js';

/** The scans under way of a sandbox: each ends when its time comes (`sandbox scan --running`). */
export interface RunningScans {
  /** Ends the scans whose time has come and arms a timer for the next one; call after recording one. */
  schedule(): void;
  /** No scan ends after this (the sandbox is closing); those under way stay pending in the state. */
  stop(): void;
}

/** One timer, for the scan under way that ends first; `onFinished` gets each scan as it ends. */
export function runningScans(
  state: SandboxState,
  onFinished: (recorded: RecordedScan) => void,
): RunningScans {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (): void => {
    if (stopped) return;
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    const due = (state.analysis.pending ?? [])
      .filter((p) => Date.parse(p.ends_at) <= now)
      .sort((a, b) => a.ends_at.localeCompare(b.ends_at));
    for (const pending of due) onFinished(finishScan(state, pending, { now }));
    const next = Math.min(...(state.analysis.pending ?? []).map((p) => Date.parse(p.ends_at)));
    if (Number.isFinite(next)) timer = setTimeout(schedule, Math.max(0, next - now));
  };
  return {
    schedule,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
