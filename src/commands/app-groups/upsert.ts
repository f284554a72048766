import { operations } from '../../api/operations/index.js';
import type { AppGroup } from '../../api/schemas/apps.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { requireAppId } from '../apps/view.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty, splitList } from '../validate.js';
import { groupView, requireGroupName } from './view.js';

export const view = groupView;

export function validate({ args, opts }: RunInput): void {
  requireGroupName(args[0]);
  if (opts.rename !== undefined) requireNonEmpty('--rename', opts.rename);
  const add = splitList(opts.add);
  const remove = splitList(opts.remove);
  for (const id of [...add, ...remove])
    requireAppId(add.includes(id) ? '--add app id' : '--remove app id', id);
  const both = add.filter((id) => remove.includes(id));
  if (both.length) throw new UsageError(`app ${JSON.stringify(both[0])} is both in --add and --remove`);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const add = splitList(opts.add);
  const remove = splitList(opts.remove);
  const client = await ctx.client();
  const groups = await client.call<AppGroup[]>(operations.UpsertAppGroup, {
    path: { appGroupName: args[0] },
    body: {
      ...(opts.rename ? { rename: opts.rename } : {}),
      ...(add.length ? { add_app_ids: add } : {}),
      ...(remove.length ? { remove_app_ids: remove } : {}),
    },
  });
  const name = opts.rename ?? args[0];
  const group = groups.find((g) => g.name === name) ?? groups[0] ?? { name, app_ids: [] };
  return { kind: 'object', item: group };
}
