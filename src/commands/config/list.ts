import type { Context } from '../../context.js';
import type { Result } from '../types.js';
import { settingRows } from './keys.js';
import { settingView } from './view.js';

export const view = settingView;

export async function run(ctx: Context): Promise<Result> {
  return { kind: 'list', rows: settingRows(await ctx.settings()) };
}
