import type { Finding } from '@secscan/api/schemas/findings';
import type { Database, Value } from './db.js';
import { insertRows } from './db.js';
import { dateEvents, type FindingEvent, marks, recordEvents, type RunScope } from './events.js';
import { columns, findingRow, packageRow, scanRow, tagRows } from './rows.js';

/** What one app's read gives: its scans, its packages, and its findings page by page. */
export interface AppRead {
  app: string;
  scanId: string;
  scans: Record<string, unknown>[];
  packages: Record<string, unknown>[];
  pages: AsyncIterable<Finding[]>;
}

/** A finding the mirror has is updated in place: its comments and events stay. */
const upsertFindings = ` ON CONFLICT (org_id, app_id, finding_id) DO UPDATE SET ${columns.findings
  .slice(3)
  .map((c) => `${c} = excluded.${c}`)
  .join(', ')}`;

type Old = { finding_id: string; status: string | null; assignee: string | null };

/** The events a page makes of the findings the mirror had: new ones, and triage changed since. */
function pageEvents(page: readonly Finding[], old: Map<string, Old>): FindingEvent[] {
  const events: FindingEvent[] = [];
  for (const f of page) {
    const base = { app: f.app, finding: f.id, severity: f.severity ?? null, type: f.type };
    const was = old.get(f.id);
    const status = f.status ?? 'unset';
    const assignee = f.assignee || null;
    if (!was) events.push({ ...base, kind: 'new', old: null, new: status });
    else {
      if (was.status !== status) events.push({ ...base, kind: 'status', old: was.status, new: status });
      if (was.assignee !== assignee)
        events.push({ ...base, kind: 'assignee', old: was.assignee, new: assignee });
    }
  }
  return events;
}

async function writePage(db: Database, run: RunScope, read: AppRead, page: Finding[], known: boolean) {
  // Its rows made first, while PostgreSQL may still be writing the page before (insertRows need not wait).
  const findings = page.map((f) => findingRow(run.org, read.scanId, f));
  const tags = page.flatMap((f) => tagRows(run.org, f));
  const ids = page.map((f) => f.id);
  const scope = [run.org, read.app, ...ids];
  const where = `org_id = ? AND app_id = ? AND finding_id IN (${marks(ids.length)})`;
  let events: FindingEvent[] = [];
  if (known) {
    const old = await db.all<Old>(`SELECT finding_id, status, assignee FROM findings WHERE ${where}`, scope);
    events = pageEvents(page, new Map(old.map((o) => [o.finding_id, o])));
  }
  await insertRows(db, 'findings', columns.findings, findings, upsertFindings);
  await db.run(`DELETE FROM finding_tags WHERE ${where}`, scope);
  await insertRows(db, 'finding_tags', columns.finding_tags, tags);
  if (events.length) await recordEvents(db, run, events);
  return events.length;
}

/**
 * One app's mirror replaced by what its read gives, in one transaction: its scans and packages, its findings
 * upserted page by page (their triage compared with what the mirror had: events), those no longer in its
 * latest scan recorded as gone and removed. `known`: the mirror had this app's findings before (a first
 * read records no events). Killed at any point, the app is as the last run left it.
 */
export async function writeApp(
  db: Database,
  run: RunScope,
  read: AppRead,
  known: boolean,
): Promise<{ findings: number; events: number }> {
  return db.transaction(async () => {
    const app = [run.org, read.app];
    await db.run('DELETE FROM scans WHERE org_id = ? AND app_id = ?', app);
    await insertRows(
      db,
      'scans',
      columns.scans,
      read.scans.map((s) => scanRow(run.org, s)),
    );
    await db.run('DELETE FROM packages WHERE org_id = ? AND app_id = ?', app);
    await insertRows(
      db,
      'packages',
      columns.packages,
      read.packages.map((p) => packageRow(run.org, read.app, p)),
    );
    let findings = 0;
    let events = 0;
    for await (const listed of read.pages) {
      // A finding listed twice (pages are not guaranteed stable) is written once.
      const page = [...new Map(listed.map((f) => [f.id, f])).values()];
      if (!page.length) continue;
      findings += page.length;
      events += await writePage(db, run, read, page, known);
    }
    // The findings no longer in the latest scan, by id: a join of the tables just filled was planned by
    // PostgreSQL (no statistics yet) as nested scans, minutes for 30,000 tags.
    const goneIds = (
      await db.all<{ finding_id: string }>(
        'SELECT finding_id FROM findings WHERE org_id = ? AND app_id = ? AND scan_id <> ?',
        [...app, read.scanId],
      )
    ).map((r) => r.finding_id);
    for (let i = 0; i < goneIds.length; i += 500) {
      const ids = goneIds.slice(i, i + 500);
      const where = `org_id = ? AND app_id = ? AND finding_id IN (${marks(ids.length)})`;
      if (known) {
        events += await db.run(
          `INSERT INTO finding_events (org_id, app_id, finding_id, run_id, seen_at, kind, old_value, new_value,
             severity, type, first_seen_at)
           SELECT f.org_id, f.app_id, f.finding_id, ?, ?, 'gone', f.status, NULL, f.severity, f.type, (
             SELECT fs.first_seen_at FROM finding_first_seen fs
             WHERE fs.org_id = f.org_id AND fs.app_id = f.app_id AND fs.finding_id = f.finding_id)
           FROM findings f WHERE f.${where.replace(/ AND /g, ' AND f.')}`,
          [run.runId, run.seenAt, ...app, ...ids],
        );
      }
      for (const table of ['finding_tags', 'comments', 'findings']) {
        await db.run(`DELETE FROM ${table} WHERE ${where}`, [...app, ...ids]);
      }
    }
    if (known) await dateEvents(db, run, read.app);
    await db.run('UPDATE apps SET scan_id = ? WHERE org_id = ? AND app_id = ?', [read.scanId, ...app]);
    return { findings, events };
  });
}

/** An app whose latest scan is gone (or that has none): its findings, scans and packages removed. */
export async function clearApp(db: Database, run: RunScope, app: string): Promise<void> {
  const key: Value[] = [run.org, app];
  await db.transaction(async () => {
    for (const table of ['comments', 'finding_tags', 'findings', 'scans', 'packages']) {
      await db.run(`DELETE FROM ${table} WHERE org_id = ? AND app_id = ?`, key);
    }
    await db.run('UPDATE apps SET scan_id = NULL WHERE org_id = ? AND app_id = ?', key);
  });
}
