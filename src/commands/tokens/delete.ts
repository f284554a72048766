import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireUuid } from '../validate.js';

export function validate({ args }: RunInput): void {
  requireUuid('token id', args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const id = args[0] as string;
  const client = await ctx.client();
  await ctx.confirm(`Delete token ${id}? Anything using it stops working`);
  await client.call(operations.DeleteToken, { path: { tokenID: id } });
  ctx.note(`Deleted token ${id}.`);
  return { kind: 'none' };
}
