import type { ApiClient } from '../../../api/client.js';
import type { Scheduler } from '../../../api/scheduler.js';
import type { AppHistory, FindingFacts, ScanFacts } from '../../../analytics/trends-model.js';
import { UnexpectedResponseError } from '../../../errors.js';
import type { AppVersion } from '@secscan/api/schemas/versions';
import type { SelectedApp } from '../../shared/app-selection.js';

type Loose = Record<string, unknown>;

interface DatedScan {
  id: string;
  version: string;
  at: number;
  defaultBranch: boolean;
}

/** When a scan completed (else started), from the versions listing; a scan without a date is exit 8. */
function dated(app: SelectedApp, version: AppVersion): DatedScan | undefined {
  const scan = version.scan as Loose;
  if (scan.successful !== true) return undefined;
  const text = [scan.completed_at, scan.started_at].find((v): v is string => typeof v === 'string');
  const at = text === undefined ? Number.NaN : Date.parse(text);
  if (!Number.isFinite(at)) {
    throw new UnexpectedResponseError(`ListAppVersions (${app.id}): scan ${String(scan.id)} has no date`);
  }
  const flag = scan.is_default_branch;
  const branch = (scan.tags as Loose | undefined)?.branch;
  if (typeof flag !== 'boolean' && (typeof branch !== 'string' || app.branch === undefined)) {
    throw new UnexpectedResponseError(
      `ListAppVersions (${app.id}): scan ${String(scan.id)} says neither whether it is of the default branch nor its branch`,
    );
  }
  return {
    id: String(scan.id),
    version: version.version,
    at,
    defaultBranch: typeof flag === 'boolean' ? flag : branch === app.branch,
  };
}

/** The default branch's scans the window [since, until) needs: the last one before it, then those in it. */
function windowScans(scans: readonly DatedScan[], since: number, until: number): DatedScan[] {
  const history = scans.filter((s) => s.defaultBranch && s.at < until).sort((a, b) => a.at - b.at);
  const before = history.filter((s) => s.at < since).at(-1);
  return [...(before ? [before] : []), ...history.filter((s) => s.at >= since)];
}

interface Listed {
  present: Set<string>;
  findings: Loose[];
}

/** Every finding of one scan, whatever its status; an answer about another scan is exit 8. */
async function listScan(client: ApiClient, app: SelectedApp, scan: DatedScan): Promise<Listed> {
  const listed: Listed = { present: new Set(), findings: [] };
  const query = {
    scan: scan.id,
    status: ['any' as const],
    per_page: 250,
    fields: ['-description' as const, '-details' as const, '-related_findings' as const],
  };
  for await (const page of client.pages('ListAppFindings', { path: { appID: app.id }, query })) {
    if (page.scan?.id !== scan.id) {
      throw new UnexpectedResponseError(
        `ListAppFindings (${app.id}): asked for scan ${scan.id}, the answer lists ${page.scan ? `scan ${page.scan.id}` : 'no scan'}`,
      );
    }
    for (const f of page.findings) {
      listed.present.add(f.id);
      listed.findings.push(f as Loose);
    }
  }
  return listed;
}

/**
 * The scan history of each app's default branch over the window: its versions (one request per app),
 * then every finding of each scan needed (one listing per scan), all under the scheduler.
 */
export async function readHistories(
  client: ApiClient,
  scheduler: Scheduler,
  apps: readonly SelectedApp[],
  since: number,
  until: number,
): Promise<AppHistory[]> {
  const versions = await scheduler.map(apps, (app) =>
    client.call('ListAppVersions', { path: { appID: app.id } }),
  );
  const plans = apps.map((app, i) => {
    const scans = (versions[i] ?? []).flatMap((v) => dated(app, v) ?? []);
    return { app, scans, window: windowScans(scans, since, until) };
  });
  const tasks = plans.flatMap((plan) => plan.window.map((scan) => ({ app: plan.app, scan })));
  const listings = await scheduler.map(tasks, ({ app, scan }) => listScan(client, app, scan));
  const byScan = new Map(tasks.map((t, i) => [`${t.app.id}\u0000${t.scan.id}`, listings[i] as Listed]));
  return plans.map(({ app, scans, window }): AppHistory => {
    const whenScan = new Map(scans.map((s) => [s.id, s.at]));
    const whenVersion = new Map(scans.map((s) => [s.version, s.at]));
    const findings = new Map<string, FindingFacts>();
    const history: ScanFacts[] = window.map((scan) => {
      const listed = byScan.get(`${app.id}\u0000${scan.id}`) as Listed;
      for (const f of listed.findings) {
        const id = String(f.id);
        const first =
          whenScan.get(String(f.scan_first_seen)) ?? whenVersion.get(String(f.version_first_seen));
        findings.set(id, {
          id,
          severity: typeof f.severity === 'string' ? f.severity : 'unknown',
          type: String(f.type),
          title: typeof f.title === 'string' ? f.title : '',
          status: typeof f.status === 'string' ? f.status : 'unset',
          firstSeen: first,
        });
      }
      return { id: scan.id, at: scan.at, present: listed.present };
    });
    return { app: app.id, team: app.team, scans: history, findings };
  });
}
