import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { configView } from './view.js';

export { validate } from './config-show.js';
export const view = configView;

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const item = await client.call<Record<string, unknown>>(operations.ReadMergedAppConfig, {
    path: { appID: args[0] },
  });
  return { kind: 'object', item };
}
