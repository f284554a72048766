import { groupView } from '../../output/views/teams.js';
import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { resolveGroup } from '../shared/groups.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a group: its members and its teams with their roles',
  examples: [
    'secscan groups show Developers',
    'secscan groups show cbf5d21e-fcee-4f52-8a8e-0c3ce06c3fed -o json',
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
