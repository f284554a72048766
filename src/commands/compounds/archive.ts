import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireCompoundName } from './common.js';

export function validate({ args }: RunInput): void {
  requireCompoundName(args[0]);
}

export async function setArchived(ctx: Context, name: string, archived: boolean): Promise<Result> {
  const client = await ctx.client();
  await client.call(operations.ToggleCompoundArchive, {
    path: { compoundName: name },
    body: { is_archived: archived },
  });
  ctx.note(`${archived ? 'Archived' : 'Unarchived'} compound ${name}.`);
  return { kind: 'none' };
}

export function run(ctx: Context, { args }: RunInput): Promise<Result> {
  return setArchived(ctx, args[0] as string, true);
}
