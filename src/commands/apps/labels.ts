import { UsageError } from '../../errors.js';
import { arg, defineVerb, flag, list } from '../define.js';
import { appId } from '../parsers.js';
import { splitList } from '../../util/lists.js';
import { labelView } from '../../output/views/apps.js';
import { checkWith, shellArg } from '../../util/hints.js';

export default defineVerb({
  name: 'labels',
  summary: 'Add, remove or clear an app’s labels',
  examples: ['secscan apps labels payments-api --add pci,tier-1 --remove legacy'],
  operations: ['UpdateAppLabels'],
  args: [arg('id', 'app id', { parser: appId(), complete: 'app' })],
  options: {
    add: list('--add <label>', 'add labels (repeatable, or comma-separated)'),
    remove: list('--remove <label>', 'remove labels (repeatable, or comma-separated)'),
    clear: flag('--clear', 'remove every label', { conflicts: ['remove'] }),
  },
  view: labelView,
  validate({ opts }) {
    const add = splitList(opts.add, '--add');
    const remove = splitList(opts.remove, '--remove');
    if (!add.length && !remove.length && !opts.clear)
      throw new UsageError('nothing to change: give --add, --remove or --clear');
    const both = add.filter((l) => remove.includes(l));
    if (both.length) throw new UsageError(`label ${JSON.stringify(both[0])} is both in --add and --remove`);
  },
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const add = splitList(opts.add, '--add');
    const remove = splitList(opts.remove, '--remove');
    const labels = await client.call('UpdateAppLabels', {
      path: { appID: id },
      body: {
        ...(add.length ? { add } : {}),
        ...(remove.length ? { remove } : {}),
        ...(opts.clear ? { clear: true } : {}),
      },
      verify: checkWith(`secscan apps show ${shellArg(id)}`),
    });
    return { kind: 'list', rows: labels.map((label) => ({ label })) };
  },
});
