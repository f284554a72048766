import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { requireApp, requireFindingId } from './ids.js';
import { commentView } from './view.js';

export const view = commentView;

export function validate({ args, opts }: RunInput): void {
  requireApp(opts);
  requireFindingId(args[0]);
  if (!args[1]?.trim()) throw new UsageError('give the comment id (see `secscan findings comment list`)');
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const comment = await client.call<Record<string, unknown>>(operations.ReadOneAppFindingComment, {
    path: { appID: opts.app, findingID: args[0], commentID: args[1] },
  });
  return { kind: 'object', item: comment };
}
