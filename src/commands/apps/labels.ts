import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { splitList } from '../validate.js';
import { requireAppId } from './view.js';

export const view = defineView<{ label: string }>({
  columns: [{ key: 'label', header: 'LABEL' }],
  emptyMessage: 'No labels.',
});

export function validate({ args, opts }: RunInput): void {
  requireAppId('app id', args[0]);
  const add = splitList(opts.add);
  const remove = splitList(opts.remove);
  if (!add.length && !remove.length && !opts.clear)
    throw new UsageError('nothing to change: give --add, --remove or --clear');
  if (opts.clear && remove.length)
    throw new UsageError('--clear removes every label: do not combine it with --remove');
  const both = add.filter((l) => remove.includes(l));
  if (both.length) throw new UsageError(`label ${JSON.stringify(both[0])} is both in --add and --remove`);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const add = splitList(opts.add);
  const remove = splitList(opts.remove);
  const labels = await client.call<string[]>(operations.UpdateAppLabels, {
    path: { appID: args[0] },
    body: {
      ...(add.length ? { add } : {}),
      ...(remove.length ? { remove } : {}),
      ...(opts.clear ? { clear: true } : {}),
    },
  });
  return { kind: 'list', rows: labels.map((label) => ({ label })) };
}
