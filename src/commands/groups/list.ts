import type { HumanGroup } from '@secscan/api/schemas/teams';
import { groupListView } from '../../output/views/teams.js';
import { defineVerb, text } from '../define.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List human groups, their member counts and teams',
  examples: ['secscan groups list', 'secscan groups list --iname developers -o json'],
  operations: ['ListHumanGroups'],
  options: {
    name: text('--name <name>', 'only the group of this exact name', {
      conflicts: ['iname'],
      complete: 'group',
    }),
    iname: text('--iname <name>', 'only the group of this name, in any case', { complete: 'group' }),
  },
  view: groupListView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const query = { name: opts.name, iname: opts.iname };
    async function* rows(): AsyncGenerator<HumanGroup> {
      for await (const page of client.pages('ListHumanGroups', { query })) yield* page.groups;
    }
    return { kind: 'list', rows: rows() };
  },
});
