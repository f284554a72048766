import type { App } from '@secscan/api/schemas/apps';
import type { Scheduler } from '../api/scheduler.js';
import { clearApp, writeApp } from './app-write.js';
import { readComments } from './comments.js';
import type { Database } from './db.js';
import type { RunScope } from './events.js';
import { prunePackageInfo, unknownPurls, writeOrg, writePackageInfo } from './org-write.js';
import {
  appFindings,
  compounds,
  defaultBranchScans,
  packageInfo,
  readAhead,
  scanPackages,
  type Source,
  triagedFindings,
} from './read.js';
import { finishRun, type RunTotals, startRun } from './runs.js';
import { applyTriage } from './triage.js';

/** One organization to mirror: how it is read, and how the run goes. */
export interface OrgJob {
  source: Source;
  scheduler: Scheduler;
  orgId: string;
  baseUrl: string;
  profile: string | undefined;
  /** Re-read every app and every package's CVEs, whatever changed. */
  full: boolean;
  /** Read the comments of the findings whose triage changed (one request each). */
  comments: boolean;
  engine: string;
  secscanVersion: string;
}

export interface OrgResult extends RunTotals {
  org: string;
  profile: string | undefined;
  runId: number;
  seconds: number;
}

/** Runs `work` one after the other, whoever asks: the apps' transactions, while their small reads overlap. */
function serial() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => {});
    return next;
  };
}

/**
 * Mirrors one organization, reading only what may have changed since the last run: the apps, teams and
 * compounds (a request or two each), the latest default-branch scan of every app (one request: the findings
 * summary); the findings, scans and packages of each app whose latest scan is not the one the mirror holds
 * (each app in a transaction of its own); the triage of every finding, by the findings listed as triaged;
 * the CVEs of packages not looked up yet. A run row in sync_runs says what it read.
 */
export async function syncOrg(db: Database, job: OrgJob): Promise<OrgResult> {
  const { client } = job.source;
  const started = Date.now();
  const seenAt = new Date(started).toISOString();
  const before = job.scheduler.counts.requests;
  const runId = await startRun(db, { ...job, org: job.orgId, startedAt: seenAt });
  const run: RunScope = { org: job.orgId, runId, seenAt };
  const totals: RunTotals = { requests: 0, apps: 0, appsRead: 0, findingsRead: 0, triageChanges: 0 };
  const requests = () => job.scheduler.counts.requests - before;
  try {
    const [apps, teams, compoundList, summary] = await Promise.all([
      client.call('ListApps'),
      client.call('ListTeams', { query: { no_members: true } }),
      compounds(client),
      client.call('ReadOrgFindingsSummary', { query: { default_branch: true } }),
    ]);
    await writeOrg(db, run, {
      baseUrl: job.baseUrl,
      profile: job.profile,
      teams,
      apps,
      compounds: compoundList,
    });
    totals.apps = apps.length;
    const latest = new Map(summary.apps.flatMap((a) => (a.scan ? [[a.app, a.scan.id] as const] : [])));
    const held = new Map(
      (
        await db.all<{ app_id: string; scan_id: string | null }>(
          'SELECT app_id, scan_id FROM apps WHERE org_id = ?',
          [run.org],
        )
      ).map((r) => [r.app_id, r.scan_id]),
    );
    const stale = apps.filter((a) => job.full || (latest.get(a.id) ?? null) !== (held.get(a.id) ?? null));
    const firstRead = new Set<string>();
    const one = serial();
    await job.scheduler.map(stale, async (app: App) => {
      const scan = latest.get(app.id);
      if (!scan) return one(() => clearApp(db, run, app.id));
      // Its first pages are read (4 at most: memory stays flat) with its scans and packages, while the app
      // before it is written.
      const pages = readAhead(appFindings(job.source, app.id, scan)[Symbol.asyncIterator](), 4);
      const [scans, packages] = await Promise.all([
        defaultBranchScans(client, app.id, app.base_branch),
        scanPackages(client, app.id, scan),
      ]);
      const known = (held.get(app.id) ?? null) !== null;
      if (!known) firstRead.add(app.id);
      const written = await one(() =>
        writeApp(db, run, { app: app.id, scanId: scan, scans, packages, pages }, known),
      );
      totals.appsRead++;
      totals.findingsRead += written.findings;
    });
    // PostgreSQL plans the comparison of the triage by its statistics of findings, which rows written by
    // the thousand leave stale until autovacuum comes (minutes later, or never on a quiet server): without
    // them it read every finding of the organization four times a run (0.1-0.15 s each at 100,000).
    if (totals.appsRead > 0 && db.dialect === 'postgres')
      await db.exec('ANALYZE findings (org_id, app_id, finding_id, status, assignee)');
    const triage = await applyTriage(db, run, triagedFindings(job.source));
    totals.triageChanges = triage.changes;
    for await (const infos of packageInfo(client, await unknownPurls(db, run.org, job.full))) {
      await writePackageInfo(db, run.org, infos);
    }
    await prunePackageInfo(db, run.org);
    if (job.comments) await readComments(db, job, run, { full: job.full, firstRead });
    totals.requests = requests();
    await finishRun(db, runId, totals);
    return { ...totals, org: run.org, profile: job.profile, runId, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    totals.requests = requests();
    const line = error instanceof Error ? error.message.split('\n')[0] : String(error);
    await finishRun(db, runId, totals, line).catch(() => {});
    throw error;
  }
}
