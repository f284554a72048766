import { notFoundError } from '../../errors.js';
import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { groupView } from '../../output/views/app-groups.js';

export default defineVerb({
  name: 'show',
  summary: 'Show an app group and its apps',
  examples: ['secscan app-groups show payments', 'secscan app-groups show payments -o json'],
  operations: ['ReadAppGroup'],
  args: [arg('name', 'app group name', { parser: nonEmpty('app group name') })],
  view: groupView,
  async run(ctx, { args: [name] }) {
    const client = await ctx.client();
    const groups = await client.call('ReadAppGroup', { path: { appGroupName: name } });
    const group = groups.find((g) => g.name === name) ?? groups[0];
    if (!group)
      throw notFoundError(`ReadAppGroup: no app group is named ${name}`, 'see `secscan app-groups list`');
    return { kind: 'object', item: group };
  },
});
