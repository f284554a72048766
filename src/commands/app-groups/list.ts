import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result } from '../types.js';

export const view = defineView<{ name: string }>({
  columns: [{ key: 'name', header: 'NAME' }],
  emptyMessage: 'No app groups.',
});

export async function run(ctx: Context): Promise<Result> {
  const client = await ctx.client();
  const names = await client.call<string[]>(operations.ReadOrgGroups);
  return { kind: 'list', rows: names.map((name) => ({ name })) };
}
