import { CliError } from '../../errors.js';
import { defineVerb, flag, list, text } from '../define.js';
import { concurrencyOption, withProgress } from '../shared/fan-out.js';
import { orgClients } from './internal/profiles.js';

export default defineVerb({
  name: 'sync',
  section: 'admin',
  summary: 'Mirror the organization’s findings into a SQLite or PostgreSQL database, cheaply kept current',
  description:
    'Writes the organization into a database of your own, for dashboards (Grafana, Metabase, Superset) and ' +
    'joins with your inventory: organizations, teams, apps, compounds, the successful scans of each app’s ' +
    'default branch, the findings of its latest one (every field, of every status; tags as rows of their ' +
    'own), finding events (new, gone, status and assignee changes, as each run saw them), packages and ' +
    'their CVEs and licences, comments (--comments) and sync_runs; views answer the usual questions. The ' +
    'schema is versioned and migrated by secscan (`secscan help` and docs/reference/database.md).\n\n' +
    'A run reads only what may have changed since the last: the apps, teams and compounds and every app’s ' +
    'latest default-branch scan (a few requests); the findings, scans and packages of each app whose latest ' +
    'scan changed; the findings listed as triaged (a status or an assignee), whose triage is compared with ' +
    'the mirror’s, since the service says of no finding when its triage changed; the CVEs of packages not ' +
    'looked up yet. The result is what a full read (--full) gives. Each app is written in a transaction of ' +
    'its own: a run killed at any point leaves the database as its last commit left it, and the next run ' +
    'goes on from there. A second run at once is refused (exit 9), naming the running one.\n\n' +
    '--to sqlite:PATH (default: secscan.db in secscan’s data directory, $SECSCAN_DATA_DIR, ' +
    '$XDG_DATA_HOME/secscan or ~/.local/share/secscan) or postgres://USER:PASSWORD@HOST:PORT/DATABASE ' +
    '(PGPASSWORD and ~/.pgpass are read too). Several organizations share one database: --profiles a,b ' +
    '(or a run each); the organization is in every key. Progress shows on a terminal; -q prints nothing but ' +
    'errors, for cron.',
  examples: [
    'secscan sync',
    'secscan sync --to sqlite:./findings.db -q',
    'secscan sync --to postgres://secscan@db.internal/security --profiles prod,staging',
    'secscan sync --full --comments',
  ],
  operations: [
    'ListApps',
    'ListTeams',
    'ListOrgCompounds',
    'ReadOrgFindingsSummary',
    'ListScans',
    'ListAppFindings',
    'ListOrgFindings',
    'ReadAppSCAPackages',
    'RetrievePackageInfo',
    'ListAppFindingComments',
  ],
  options: {
    to: text(
      '--to <url>',
      'the database: sqlite:PATH or postgres://... (default: sqlite: secscan.db in the data directory)',
      {
        complete: 'file',
      },
    ),
    full: flag('--full', 're-read every app, and the CVEs of every package, whatever changed'),
    profiles: list(
      '--profiles <names>',
      'sync these profiles’ organizations into the one database (a,b; repeatable)',
      {
        complete: 'profile',
      },
    ),
    comments: flag('--comments', 'also read the comments of findings whose triage changed (a request each)'),
    concurrency: concurrencyOption,
  },
  async run(ctx, { opts }) {
    const { parseTarget } = await import('../../sync/target.js');
    const target = parseTarget(opts.to, ctx.env);
    const orgs = await orgClients(ctx, opts.profiles);
    const [{ openTarget }, { syncOrg }, { databaseError }, { Scheduler, defaultConcurrency }] =
      await Promise.all([
        import('../../sync/open.js'),
        import('../../sync/engine.js'),
        import('../../sync/errors.js'),
        import('../../api/scheduler.js'),
      ]);
    const opened = await openTarget(target, ctx.env, ctx.version);
    try {
      for (const { profile, client, baseUrl } of orgs) {
        const scheduler = new Scheduler({
          concurrency: opts.concurrency ?? defaultConcurrency,
          signal: ctx.signal,
          log: (line) => ctx.debug(line),
        });
        client.useScheduler(scheduler);
        const orgId = client.orgId as string;
        const label = profile ? `Syncing ${profile}` : 'Syncing';
        const result = await withProgress(ctx, label, ['app', 'finding'], scheduler, () =>
          syncOrg(opened.db, {
            source: { client, note: (m) => ctx.note(m) },
            scheduler,
            orgId,
            baseUrl,
            profile,
            full: Boolean(opts.full),
            comments: Boolean(opts.comments),
            engine: opened.db.conn.engine,
            secscanVersion: ctx.version,
          }),
        ).catch((error: unknown) => {
          throw error instanceof CliError ? error : databaseError(target, error);
        });
        ctx.note(
          `synced ${profile ? `${profile} (${orgId})` : orgId} into ${target.shown}: ${result.appsRead} of ` +
            `${result.apps} apps read, ${result.findingsRead} findings, ${result.triageChanges} triage ` +
            `changes, ${result.requests} requests in ${result.seconds.toFixed(1)} s (run ${result.runId})`,
        );
      }
    } finally {
      await opened.close();
    }
    return { kind: 'none' };
  },
});
