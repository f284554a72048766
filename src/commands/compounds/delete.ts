import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireUuid } from '../validate.js';

export function validate({ args }: RunInput): void {
  requireUuid('compound id', args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const id = args[0] as string;
  const client = await ctx.client();
  await ctx.confirm(`Delete compound ${id}? Its compound scans go with it`);
  await client.call(operations.DeleteCompound, { path: { compoundID: id } });
  ctx.note(`Deleted compound ${id}.`);
  return { kind: 'none' };
}
