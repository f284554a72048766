import type { Database } from './db.js';
import { insertRows } from './db.js';
import type { Scheduler } from '../api/scheduler.js';
import type { RunScope } from './events.js';
import type { Source } from './read.js';
import { triagedRow } from './triage.js';

const commentColumns = [
  'org_id',
  'app_id',
  'finding_id',
  'comment_id',
  'created_at',
  'owner_email',
  'owner_name',
  'comment',
];

/**
 * The comments of triaged findings (`--comments`): the service lists them per finding only, a request
 * each, so a run reads those of the findings whose triage it saw change (every status change makes a
 * comment), of the apps it read for the first time, and with --full of every triaged finding.
 */
export async function readComments(
  db: Database,
  job: { source: Source; scheduler: Scheduler },
  run: RunScope,
  scope: { full: boolean; firstRead: ReadonlySet<string> },
): Promise<void> {
  const rows = scope.full
    ? await db.all<{ app_id: string; finding_id: string }>(
        `SELECT f.app_id, f.finding_id FROM findings f WHERE f.org_id = ? AND ${triagedRow}`,
        [run.org],
      )
    : await db.all<{ app_id: string; finding_id: string }>(
        `SELECT f.app_id, f.finding_id FROM findings f WHERE f.org_id = ? AND ${triagedRow} AND (
           EXISTS (SELECT 1 FROM finding_events e WHERE e.org_id = f.org_id AND e.app_id = f.app_id
             AND e.finding_id = f.finding_id AND e.run_id = ?)${
               scope.firstRead.size
                 ? ` OR f.app_id IN (${[...scope.firstRead].map(() => '?').join(', ')})`
                 : ''
             })`,
        [run.org, run.runId, ...scope.firstRead],
      );
  const { client } = job.source;
  await job.scheduler.map(rows, async (row) => {
    const comments = await client.call('ListAppFindingComments', {
      path: { appID: row.app_id, findingID: row.finding_id },
    });
    await db.transaction(async () => {
      await db.run('DELETE FROM comments WHERE org_id = ? AND app_id = ? AND finding_id = ?', [
        run.org,
        row.app_id,
        row.finding_id,
      ]);
      const unique = [...new Map(comments.map((c) => [String(c.id), c])).values()];
      await insertRows(
        db,
        'comments',
        commentColumns,
        unique.map((c) => [
          run.org,
          row.app_id,
          row.finding_id,
          String(c.id),
          typeof c.created_at === 'string' && !Number.isNaN(Date.parse(c.created_at)) ? c.created_at : null,
          c.owner?.email ?? null,
          c.owner?.name ?? null,
          c.comment ?? null,
        ]),
      );
    });
  });
}
