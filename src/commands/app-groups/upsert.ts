import { UnexpectedResponseError, UsageError } from '../../errors.js';
import { arg, defineVerb, list, text } from '../define.js';
import { appId, nonEmpty, parseValue } from '../parsers.js';
import { splitList } from '../../util/lists.js';
import { groupView } from '../../output/views/app-groups.js';

export default defineVerb({
  name: 'upsert',
  summary: 'Create an app group, or rename it and add or remove apps',
  examples: [
    'secscan app-groups upsert payments --add payments-api,ledger-service',
    'secscan app-groups upsert payments --rename money --remove ledger-service',
  ],
  operations: ['UpsertAppGroup'],
  args: [arg('name', 'app group name', { parser: nonEmpty('app group name') })],
  options: {
    rename: text('--rename <name>', 'new name'),
    add: list('--add <app>', 'add apps (repeatable, or comma-separated)', { complete: 'app' }),
    remove: list('--remove <app>', 'remove apps (repeatable, or comma-separated)', { complete: 'app' }),
  },
  view: groupView,
  validate({ opts }) {
    // Each use may list several ids, so each id is checked once the lists are split.
    const add = splitList(opts.add, '--add');
    const remove = splitList(opts.remove, '--remove');
    for (const id of add) parseValue(appId('--add app id'), {}, id);
    for (const id of remove) parseValue(appId('--remove app id'), {}, id);
    const both = add.filter((id) => remove.includes(id));
    if (both.length) throw new UsageError(`app ${JSON.stringify(both[0])} is both in --add and --remove`);
  },
  async run(ctx, { args: [name], opts }) {
    const add = splitList(opts.add, '--add');
    const remove = splitList(opts.remove, '--remove');
    const client = await ctx.client();
    const groups = await client.call('UpsertAppGroup', {
      path: { appGroupName: name },
      body: {
        ...(opts.rename ? { rename: opts.rename } : {}),
        ...(add.length ? { add_app_ids: add } : {}),
        ...(remove.length ? { remove_app_ids: remove } : {}),
      },
    });
    const groupName = opts.rename ?? name;
    const group = groups.find((g) => g.name === groupName) ?? groups[0];
    if (!group) throw new UnexpectedResponseError(`UpsertAppGroup: the answer holds no app group`);
    return { kind: 'object', item: group };
  },
});
