import { defineVerb } from '../define.js';
import { groupNameView } from '../../output/views/app-groups.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the app groups',
  examples: ['secscan app-groups list'],
  operations: ['ReadOrgGroups'],
  view: groupNameView,
  async run(ctx) {
    const client = await ctx.client();
    const names = await client.call('ReadOrgGroups');
    return { kind: 'list', rows: names.map((name) => ({ name })) };
  },
});
