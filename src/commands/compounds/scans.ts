import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import { scanView } from '../../output/views/scans.js';
import type { Opts, Result, RunInput } from '../types.js';
import { parseInteger, requireNonEmpty } from '../validate.js';
import { includeArchived, requireCompoundName } from './common.js';

type Streamlined = Record<string, unknown> & {
  vulns?: Record<string, number>;
  oss_vulns?: Record<string, number>;
};

const sev = (counts: Record<string, number> | undefined) =>
  counts ? `${counts.critical ?? 0}/${counts.high ?? 0}/${counts.medium ?? 0}/${counts.low ?? 0}` : '';

export const streamlinedView = defineView<Streamlined>({
  columns: [
    { key: 'polyglot_scan_id', header: 'ID' },
    { key: 'branch', header: 'BRANCH' },
    { key: 'created_at', header: 'CREATED' },
    { key: 'agent', header: 'AGENT' },
    {
      key: 'languages',
      header: 'LANGUAGES',
      get: (s) => ((s.languages as string[] | undefined) ?? []).join(','),
    },
    { key: 'vulns', header: 'VULNS C/H/M/L', get: (s) => sev(s.vulns) },
    { key: 'oss_vulns', header: 'OSS C/H/M/L', get: (s) => sev(s.oss_vulns) },
    { key: 'secrets', header: 'SECRETS' },
  ],
  emptyMessage: 'No scans.',
});

export const view = (opts: Opts) => (opts.streamlined ? streamlinedView : scanView);

export function validate({ args, opts }: RunInput): void {
  requireCompoundName(args[0]);
  if (opts.branch !== undefined) requireNonEmpty('--branch', opts.branch);
  parseInteger('--limit', opts.limit, 1, 100);
  if (opts.streamlined && opts.status !== undefined)
    throw new UsageError('--status cannot be combined with --streamlined');
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const limit = parseInteger('--limit', opts.limit, 1, 100);
  const path = { compoundName: args[0] };
  if (opts.streamlined) {
    const { scans } = await client.call<{ scans: Streamlined[] }>(operations.GetStreamlinedScans, {
      path,
      query: { branch: opts.branch, limit },
    });
    return { kind: 'list', rows: scans };
  }
  const { scans } = await client.call<{ scans: Record<string, unknown>[] }>(operations.ListScansInCompound, {
    path,
    query: { ...includeArchived, status: opts.status, branch: opts.branch, limit },
  });
  return { kind: 'list', rows: scans };
}
