import { hostname } from 'node:os';
import type { Database } from './db.js';

export interface RunStart {
  org: string;
  profile: string | undefined;
  full: boolean;
  comments: boolean;
  engine: string;
  secscanVersion: string;
  startedAt: string;
}

export interface RunTotals {
  requests: number;
  apps: number;
  appsRead: number;
  findingsRead: number;
  triageChanges: number;
}

/** A row of sync_runs for one organization's part of a run, `running` until it ends: its id. */
export async function startRun(db: Database, run: RunStart): Promise<number> {
  return db.transaction(async () => {
    await db.run(
      `INSERT INTO sync_runs (org_id, profile, started_at, status, full_read, comments, engine, pid, host,
         secscan_version) VALUES (?, ?, ?, 'running', ?, ?, ?, ?, ?, ?)`,
      [
        run.org,
        run.profile ?? null,
        run.startedAt,
        Number(run.full),
        Number(run.comments),
        run.engine,
        process.pid,
        hostname(),
        run.secscanVersion,
      ],
    );
    const row = await db.one<{ id: number }>('SELECT MAX(run_id) AS id FROM sync_runs WHERE org_id = ?', [
      run.org,
    ]);
    return Number(row?.id);
  });
}

/** The run's row when it ends: `completed`, or `failed` with the error's line; what it read either way. */
export async function finishRun(
  db: Database,
  runId: number,
  totals: RunTotals,
  error?: string,
): Promise<void> {
  await db.transaction(() =>
    db.run(
      `UPDATE sync_runs SET finished_at = ?, status = ?, requests = ?, apps = ?, apps_read = ?, findings_read = ?,
         triage_changes = ?, error = ? WHERE run_id = ?`,
      [
        new Date().toISOString(),
        error === undefined ? 'completed' : 'failed',
        totals.requests,
        totals.apps,
        totals.appsRead,
        totals.findingsRead,
        totals.triageChanges,
        error ?? null,
        runId,
      ],
    ),
  );
}

/**
 * Runs a killed run left `running` (its process is gone: this run holds the lock): marked `interrupted`,
 * so sync_runs never shows two running at once.
 */
export async function closeAbandoned(db: Database): Promise<void> {
  await db.transaction(() => db.run("UPDATE sync_runs SET status = 'interrupted' WHERE status = 'running'"));
}
