import { operations } from '../../api/operations/index.js';
import type { AppGroup } from '../../api/schemas/apps.js';
import type { Context } from '../../context.js';
import { notFoundError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { groupView, requireGroupName } from './view.js';

export const view = groupView;

export function validate({ args }: RunInput): void {
  requireGroupName(args[0]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const groups = await client.call<AppGroup[]>(operations.ReadAppGroup, { path: { appGroupName: args[0] } });
  const group = groups.find((g) => g.name === args[0]) ?? groups[0];
  if (!group)
    throw notFoundError(`ReadAppGroup: no app group is named ${args[0]}`, 'see `secscan app-groups list`');
  return { kind: 'object', item: group };
}
