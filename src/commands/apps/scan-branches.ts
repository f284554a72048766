import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { requireAppId } from './view.js';

export const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'branch_name', header: 'BRANCH' },
    { key: 'scan_count', header: 'SCANS' },
    { key: 'first_scan', header: 'FIRST' },
    { key: 'last_scan', header: 'LAST' },
    { key: 'created_at', header: 'CREATED' },
    { key: 'updated_at', header: 'UPDATED' },
  ],
  emptyMessage: 'No scanned branches.',
});

export function validate({ args }: RunInput): void {
  requireAppId('app id', args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const answer = await client.call<Record<string, unknown>[] | Record<string, unknown>>(
    operations.ListAppBranches,
    {
      path: { appID: args[0] },
    },
  );
  return { kind: 'list', rows: Array.isArray(answer) ? answer : [answer] };
}
