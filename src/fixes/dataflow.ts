import type { FindingDataflow } from '@secscan/api/schemas/findings';
import type { ApiClient } from '../api/client.js';
import { ExitCode, NotFoundError } from '../errors.js';

/**
 * A finding's dataflow in a scan, on the path the vendor's own clients read it from (ReadFindingDataflow,
 * outside the public v4 document): each step's file, line, symbol and role, from where the data enters to
 * the sink. For `findings dataflow` and the MCP server alike.
 */

export type DataflowStep = FindingDataflow['dataflow'][number];

/** A scan of an app as the fixes room reads it: its id, and its branch (the `branch` tag) when it has one. */
export interface ScanRef {
  id: string;
  branch?: string | undefined;
}

/**
 * The newest successful scan of the app's default branch, else the newest successful one; undefined when
 * the app has none.
 */
export async function newestScan(client: ApiClient, app: string): Promise<ScanRef | undefined> {
  const { scans } = await client.call('ListScans', { path: { appID: app }, query: { limit: 50 } });
  const newest = scans
    .filter((s) => s.successful)
    .sort((a, b) => String(b.started_at ?? '').localeCompare(String(a.started_at ?? '')));
  const scan = newest.find((s) => s.is_default_branch) ?? newest[0];
  if (!scan) return undefined;
  const branch = scan.tags?.branch;
  return { id: String(scan.id), ...(typeof branch === 'string' && branch ? { branch } : {}) };
}

/** The scan to read a dataflow in when none is given (newestScan); an app without one is exit 5. */
export async function latestScan(client: ApiClient, app: string): Promise<string> {
  const scan = await newestScan(client, app);
  if (!scan) {
    throw new NotFoundError(`app ${app} has no successful scan`, ExitCode.notFound, 404, undefined);
  }
  return scan.id;
}

/** The steps of the finding's dataflow in the scan (the latest one of the app unless `scanId`). */
export async function readDataflow(
  client: ApiClient,
  target: { app: string; findingId: string; scanId?: string | undefined },
): Promise<{ scan: string; steps: DataflowStep[] }> {
  const scan = target.scanId ?? (await latestScan(client, target.app));
  const { dataflow } = await client.call('ReadFindingDataflow', {
    path: { appID: target.app, findingID: target.findingId, scanID: scan },
  });
  return { scan, steps: dataflow };
}
