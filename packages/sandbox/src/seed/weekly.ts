import type { ScanRecord } from '../model/analysis.js';
import type { Prng } from '../random.js';
import type { SandboxState } from '../state.js';

/** What the seeded half years (the demo apps' and the generated apps') draw from alike. */

/** A value of the table, drawn by the shares that lead each entry (the last one takes what is left). */
export function weighted<T>(rng: Prng, table: readonly [number, T][]): T {
  let r = rng.next();
  for (const [share, value] of table) {
    if (r < share) return value;
    r -= share;
  }
  return (table.at(-1) as [number, T])[1];
}

/** The index of the first scan on or after `at`, or undefined. */
export function scanFrom(scans: readonly ScanRecord[], at: number): number | undefined {
  const i = scans.findIndex((s) => Date.parse(s.started_at) >= at);
  return i < 0 ? undefined : i;
}

function hex(rng: Prng, n: number): string {
  return rng
    .bytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n);
}

/**
 * A completed default-branch scan started at `started` that took 3 to `maxMinutes` minutes, with the next
 * scan id (its commit, duration and size drawn in that order).
 */
export function weeklyScan(
  state: SandboxState,
  on: { app: string; branch: string; language: string },
  started: number,
  maxMinutes: number,
  rng: Prng,
): ScanRecord {
  const version = hex(rng, 7);
  return {
    id: String(state.analysis.next.scan++),
    app: on.app,
    version,
    branch: on.branch,
    is_default_branch: true,
    status: 'completed',
    started_at: new Date(started).toISOString(),
    completed_at: new Date(started + rng.int(3, maxMinutes) * 60_000).toISOString(),
    language: on.language,
    number_of_expressions: rng.int(20_000, 400_000),
    tags: { branch: on.branch, commit: version },
    oss_info: { enabled: true, successful: true, failure_reason: '' },
    finding_ids: [],
  };
}
