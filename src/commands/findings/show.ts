import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { requireApp, requireFindingId } from './ids.js';
import { findingDetailView } from './view.js';

export const view = findingDetailView;

export function validate({ args, opts }: RunInput): void {
  requireFindingId(args[0]);
  requireApp(opts);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const finding = await ctx.spin('Reading the finding', () =>
    client.call<Record<string, unknown>>(operations.ReadAppFinding, {
      path: { appID: opts.app, findingID: args[0] },
    }),
  );
  return { kind: 'object', item: finding };
}
