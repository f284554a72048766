import { operations } from '../../api/operations/index.js';
import type { App } from '../../api/schemas/apps.js';
import type { Context } from '../../context.js';
import type { Result } from '../types.js';
import { appView } from './view.js';

export const view = appView;

export async function run(ctx: Context): Promise<Result> {
  const client = await ctx.client();
  const apps = await ctx.spin('Listing apps', () => client.call<App[]>(operations.ListApps));
  return { kind: 'list', rows: apps };
}
