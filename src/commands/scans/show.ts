import { operations } from '../../api/operations/index.js';
import type { Scan } from '../../api/schemas/scans.js';
import type { Context } from '../../context.js';
import { notFoundError, UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty } from '../validate.js';
import { requireScanId } from './refs.js';
import { scanDetailView } from '../../output/views/scans.js';

export const view = scanDetailView;

export function validateScanArgs({ args, opts }: RunInput): void {
  if (opts.app === undefined) throw new UsageError('--app is required');
  requireNonEmpty('--app', opts.app);
  requireScanId('scan id', args[0]);
}

export const validate = validateScanArgs;

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const scans = await client.call<Scan[]>(operations.ReadScan, {
    path: { appID: opts.app, scanID: args[0] },
  });
  const scan = scans[0];
  if (!scan) throw notFoundError(`ReadScan: app ${opts.app} has no scan ${args[0]}`);
  return { kind: 'object', item: scan };
}
