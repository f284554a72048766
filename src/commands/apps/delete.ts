import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireAppId } from './view.js';

export function validate({ args }: RunInput): void {
  requireAppId('app id', args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const id = args[0] as string;
  const client = await ctx.client();
  await ctx.confirm(`Delete app ${id}? Its scans and findings can no longer be read`);
  await client.call(operations.DeleteApp, { path: { appID: id } });
  ctx.note(`Deleted app ${id}.`);
  return { kind: 'none' };
}
