import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { tokenView } from './view.js';

export const view = tokenView;

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const tokens = await ctx.spin('Listing tokens', () =>
    client.call<Record<string, unknown>[]>(operations.ListTokens, {
      query: { show_expired: opts.showExpired ? true : undefined, token_type: opts.type },
    }),
  );
  return { kind: 'list', rows: tokens };
}
