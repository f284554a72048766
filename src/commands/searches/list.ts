import { searchView } from '../../output/views/searches.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List your saved searches',
  examples: ['secscan searches list', 'secscan searches list -o json'],
  operations: ['ListSavedSearches'],
  view: searchView,
  async run(ctx) {
    const client = await ctx.client();
    return { kind: 'list', rows: await client.call('ListSavedSearches') };
  },
});
