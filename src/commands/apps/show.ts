import { operations } from '../../api/operations/index.js';
import type { App } from '../../api/schemas/apps.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { appView, requireAppId } from './view.js';

export const view = appView;

export function validate({ args }: RunInput): void {
  requireAppId('app id', args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  return { kind: 'object', item: await client.call<App>(operations.ReadApp, { path: { appID: args[0] } }) };
}
