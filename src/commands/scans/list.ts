import { operations } from '../../api/operations/index.js';
import type { Scan } from '../../api/schemas/scans.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { parseInteger, requireNonEmpty } from '../validate.js';
import { requireTag } from './refs.js';
import { scanView } from '../../output/views/scans.js';

export const view = scanView;

export function validate({ opts }: RunInput): void {
  if (opts.app === undefined) throw new UsageError('--app is required');
  requireNonEmpty('--app', opts.app);
  for (const tag of opts.tag ?? []) requireTag('--tag', tag);
  parseInteger('--limit', opts.limit, 1, 50);
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const { scans } = await ctx.spin('Listing scans', () =>
    client.call<{ scans: Scan[] }>(operations.ListScans, {
      path: { appID: opts.app },
      query: { tags: opts.tag, limit: parseInteger('--limit', opts.limit, 1, 50) },
    }),
  );
  return { kind: 'list', rows: scans };
}
