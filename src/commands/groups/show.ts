import { groupView } from '../../output/views/teams.js';
import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { resolveGroup } from '../shared/groups.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a group: its members and its teams with their roles',
  examples: [
    'secscan groups show Developers',
    'secscan groups show 3f2e1d0c-9b8a-4776-8554-433221100fed -o json',
  ],
  operations: ['ListHumanGroups', 'ReadGroup'],
  args: [arg('group', 'group id or name', { parser: nonEmpty('group'), complete: 'group' })],
  view: groupView,
  async run(ctx, { args: [ref] }) {
    const client = await ctx.client();
    const group = await resolveGroup(client, ref);
    return { kind: 'object', item: await client.call('ReadGroup', { path: { groupID: group.id } }) };
  },
});
