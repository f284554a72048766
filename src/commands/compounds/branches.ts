import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { includeArchived, requireCompoundName } from './common.js';

export const view = defineView<{ branch: string }>({
  columns: [{ key: 'branch', header: 'BRANCH' }],
  emptyMessage: 'No branches.',
});

export function validate({ args }: RunInput): void {
  requireCompoundName(args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const { branches } = await client.call<{ branches: string[] }>(operations.CompoundBranches, {
    path: { compoundName: args[0] },
    query: includeArchived,
  });
  return { kind: 'list', rows: branches.map((branch) => ({ branch })) };
}
