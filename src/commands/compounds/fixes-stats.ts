import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result } from '../types.js';

export const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'compound_name', header: 'COMPOUND' },
    { key: 'fix_count', header: 'FIXES' },
  ],
  emptyMessage: 'No compounds.',
});

export async function run(ctx: Context): Promise<Result> {
  const client = await ctx.client();
  const { stats } = await client.call<{ stats: Record<string, unknown>[] }>(
    operations.getFixesPerCompoundStats,
  );
  return { kind: 'list', rows: stats };
}
