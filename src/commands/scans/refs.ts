import type { ApiClient } from '../../api/client.js';
import { operations } from '../../api/operations/index.js';
import { scanRefPattern } from '../../api/schemas/scans.js';
import { notFoundError, UsageError } from '../../errors.js';

/** `scan.N` or `tag.KEY=VALUE`, checked before anything is sent. */
export function requireScanRef(flag: string, value: string): string {
  if (!scanRefPattern.test(value)) {
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(value)} (expected scan.N or tag.KEY=VALUE, e.g. scan.1042 or tag.branch=main)`,
    );
  }
  return value;
}

export function requireScanId(flag: string, value: string | undefined): string {
  if (value === undefined || !/^\d+$/.test(value)) {
    throw new UsageError(`invalid ${flag} ${JSON.stringify(value ?? '')}: expected a scan id (a number)`);
  }
  return value;
}

/** `KEY=VALUE` for --tag. */
export function requireTag(flag: string, value: string): string {
  if (!/^\w+=\S+$/.test(value)) {
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(value)} (expected KEY=VALUE, e.g. branch=main)`,
    );
  }
  return value;
}

/** The latest successful scan of an app on a branch, as `scan.N`; none is "nothing to evaluate" (exit 5). */
export async function latestScanOnBranch(client: ApiClient, app: string, branch: string): Promise<string> {
  const { scans } = await client.call<{ scans: { id: string; successful?: boolean }[] }>(
    operations.ListScans,
    {
      path: { appID: app },
      query: { tags: [`branch=${branch}`], limit: 50 },
    },
  );
  const scan = scans.find((s) => s.successful !== false);
  if (!scan)
    throw notFoundError(
      `app ${app} has no successful scan on branch ${branch}`,
      `see \`secscan scans list --app ${app}\``,
    );
  return `scan.${scan.id}`;
}
