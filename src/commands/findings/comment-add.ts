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
  if (!args[1]?.trim()) throw new UsageError('the comment text must not be empty');
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const comment = await client.call<Record<string, unknown>>(operations.CreateAppFindingComment, {
    path: { appID: opts.app, findingID: args[0] },
    body: { comment: args.slice(1).join(' ') },
  });
  ctx.note(`Commented on finding ${args[0]} of ${opts.app}.`);
  return { kind: 'object', item: comment };
}
