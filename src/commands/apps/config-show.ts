import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { configView, requireAppId } from './view.js';

export const view = configView;

export function validate({ args }: RunInput): void {
  requireAppId('app id', args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const item = await client.call<Record<string, unknown>>(operations.ReadAppConfig, {
    path: { appID: args[0] },
  });
  return { kind: 'object', item };
}
