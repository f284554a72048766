import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireApp, requireFindingId } from './ids.js';
import { commentView } from './view.js';

export const view = commentView;

export function validate({ args, opts }: RunInput): void {
  requireApp(opts);
  requireFindingId(args[0]);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const comments = await ctx.spin('Listing comments', () =>
    client.call<Record<string, unknown>[]>(operations.ListAppFindingComments, {
      path: { appID: opts.app, findingID: args[0] },
    }),
  );
  return { kind: 'list', rows: comments };
}
