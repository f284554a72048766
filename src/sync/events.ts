import type { Database, Value } from './db.js';
import { insertRows } from './db.js';

/** A run's identity in the rows it writes: the organization, the run, and when it saw what it saw. */
export interface RunScope {
  org: string;
  runId: number;
  /** ISO time of the run's start: the `seen_at` of its events. */
  seenAt: string;
}

const eventColumns = [
  'org_id',
  'app_id',
  'finding_id',
  'run_id',
  'seen_at',
  'kind',
  'old_value',
  'new_value',
  'severity',
  'type',
];

export interface FindingEvent {
  app: string;
  finding: string;
  kind: 'new' | 'gone' | 'status' | 'assignee';
  old: string | null;
  new: string | null;
  severity: string | null;
  type: string | null;
}

export async function recordEvents(
  db: Database,
  run: RunScope,
  events: readonly FindingEvent[],
): Promise<void> {
  const rows: Value[][] = events.map((e) => [
    run.org,
    e.app,
    e.finding,
    run.runId,
    run.seenAt,
    e.kind,
    e.old,
    e.new,
    e.severity,
    e.type,
  ]);
  await insertRows(db, 'finding_events', eventColumns, rows);
}

/**
 * The first seen of the run's events that have none yet (a fix's time to fix is measured from it), from
 * finding_first_seen while their findings are still there.
 */
export async function dateEvents(db: Database, run: RunScope, app?: string): Promise<void> {
  await db.run(
    `UPDATE finding_events SET first_seen_at = (
       SELECT fs.first_seen_at FROM finding_first_seen fs
       WHERE fs.org_id = finding_events.org_id AND fs.app_id = finding_events.app_id
         AND fs.finding_id = finding_events.finding_id)
     WHERE org_id = ? AND run_id = ? AND kind <> 'new' AND first_seen_at IS NULL${app ? ' AND app_id = ?' : ''}`,
    app ? [run.org, run.runId, app] : [run.org, run.runId],
  );
}

/** `?, ?, ?` for a list of values. */
export const marks = (n: number) => Array(n).fill('?').join(', ');
