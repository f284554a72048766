import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { parseInteger } from '../validate.js';
import { failureView } from './view.js';

export const view = failureView;

export function validate({ opts }: RunInput): void {
  parseInteger('--limit', opts.limit, 1, 100);
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const { failures } = await client.call<{ failures: Record<string, unknown>[] }>(
    operations.ListAnalyzeFailures,
    {
      query: { limit: parseInteger('--limit', opts.limit, 1, 100) },
    },
  );
  return { kind: 'list', rows: failures };
}
