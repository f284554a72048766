import type { Finding } from '@secscan/api/schemas/findings';
import type { Database } from './db.js';
import { insertRows } from './db.js';
import { dateEvents, type FindingEvent, recordEvents, type RunScope } from './events.js';

type Mirror = { app_id: string; finding_id: string; status: string | null; assignee: string | null };

/** A finding whose triage a run changed in the mirror (the comments of those are read with --comments). */
export interface Triaged {
  app: string;
  finding: string;
}

async function applyPage(
  db: Database,
  run: RunScope,
  listed: Finding[],
  changed: Triaged[],
): Promise<number> {
  const page = [...new Map(listed.map((f) => [`${f.app}\u0000${f.id}`, f])).values()];
  if (!page.length) return 0;
  return db.transaction(async () => {
    // Joined with the page's (app, id) pairs, so that each row is found by its whole key, in one statement
    // (by id alone, without the app, the key's prefix, every finding of the organization was read).
    const rows = await db.all<Mirror>(
      `SELECT f.app_id, f.finding_id, f.status, f.assignee FROM findings f
       JOIN (VALUES ${page.map(() => '(?, ?)').join(', ')}) v
         ON f.org_id = ? AND f.app_id = v.column1 AND f.finding_id = v.column2`,
      [...page.flatMap((f) => [f.app, f.id]), run.org],
    );
    const mirror = new Map(rows.map((r) => [`${r.app_id}\u0000${r.finding_id}`, r]));
    const events: FindingEvent[] = [];
    for (const f of page) {
      const was = mirror.get(`${f.app}\u0000${f.id}`);
      // Not in the mirror: its app's latest scan moved since the summary was read; the next run reads it.
      if (!was) continue;
      const status = f.status ?? 'unset';
      const assignee = f.assignee || null;
      if (was.status === status && was.assignee === assignee) continue;
      const base = { app: f.app, finding: f.id, severity: f.severity ?? null, type: f.type };
      if (was.status !== status) events.push({ ...base, kind: 'status', old: was.status, new: status });
      if (was.assignee !== assignee)
        events.push({ ...base, kind: 'assignee', old: was.assignee, new: assignee });
      await db.run(
        'UPDATE findings SET status = ?, assignee = ? WHERE org_id = ? AND app_id = ? AND finding_id = ?',
        [status, assignee, run.org, f.app, f.id],
      );
      changed.push({ app: f.app, finding: f.id });
    }
    await recordEvents(db, run, events);
    await insertRows(
      db,
      'sync_triage',
      ['org_id', 'app_id', 'finding_id'],
      page.map((f) => [run.org, f.app, f.id]),
      ' ON CONFLICT DO NOTHING',
    );
    return events.length;
  });
}

/**
 * A finding of the mirror triaged: the condition of the findings_triaged index, spelt as it is there in
 * every query that reads by it (SQLite uses a partial index only for a query that has its very condition).
 */
export const triagedRow = "(f.status <> 'unset' OR f.assignee IS NOT NULL)";

/** Triaged in the mirror, and not in the service's triaged listing of this run. */
const untriaged = `f.org_id = ? AND ${triagedRow} AND NOT EXISTS (SELECT 1 FROM sync_triage s
  WHERE s.org_id = f.org_id AND s.app_id = f.app_id AND s.finding_id = f.finding_id)`;

/**
 * The service says of no finding when its status or assignee changed, so the triage of the mirror is
 * compared with the findings the service lists as triaged (a status other than unset, or an assignee):
 * each listed one whose triage differs is updated; each the mirror has triaged that is no longer listed
 * went back to unset and unassigned. Each change is an event. The cost is a page per 250 triaged
 * findings, whatever changed; it is exact, where counts (which a swap of two assignees keeps) are not.
 */
export async function applyTriage(
  db: Database,
  run: RunScope,
  pages: AsyncIterable<Finding[]>,
): Promise<{ changes: number; changed: Triaged[] }> {
  await db.run('DELETE FROM sync_triage WHERE org_id = ?', [run.org]);
  const changed: Triaged[] = [];
  let changes = 0;
  for await (const page of pages) changes += await applyPage(db, run, page, changed);
  changes += await db.transaction(async () => {
    const back = await db.all<Mirror>(
      `SELECT f.app_id, f.finding_id, f.status, f.assignee FROM findings f
       WHERE ${untriaged}`,
      [run.org],
    );
    let n = 0;
    for (const kind of ['status', 'assignee'] as const) {
      const column = kind === 'status' ? "f.status <> 'unset'" : 'f.assignee IS NOT NULL';
      n += await db.run(
        `INSERT INTO finding_events (org_id, app_id, finding_id, run_id, seen_at, kind, old_value, new_value,
           severity, type)
         SELECT f.org_id, f.app_id, f.finding_id, ?, ?, '${kind}', f.${kind}, ${kind === 'status' ? "'unset'" : 'NULL'},
           f.severity, f.type
         FROM findings f WHERE ${column} AND ${untriaged}`,
        [run.runId, run.seenAt, run.org],
      );
    }
    await db.run(
      `UPDATE findings SET status = 'unset', assignee = NULL
       WHERE org_id = ? AND (status <> 'unset' OR assignee IS NOT NULL) AND NOT EXISTS (
         SELECT 1 FROM sync_triage s WHERE s.org_id = findings.org_id AND s.app_id = findings.app_id
           AND s.finding_id = findings.finding_id)`,
      [run.org],
    );
    for (const r of back) changed.push({ app: r.app_id, finding: r.finding_id });
    await dateEvents(db, run);
    await db.run('DELETE FROM sync_triage WHERE org_id = ?', [run.org]);
    return n;
  });
  return { changes, changed };
}
