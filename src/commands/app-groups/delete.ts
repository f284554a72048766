import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireGroupName } from './view.js';

export function validate({ args }: RunInput): void {
  requireGroupName(args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const name = args[0] as string;
  const client = await ctx.client();
  await ctx.confirm(`Delete app group ${name}?`);
  await client.call(operations.DeleteAppGroup, { path: { appGroupName: name } });
  ctx.note(`Deleted app group ${name}.`);
  return { kind: 'none' };
}
