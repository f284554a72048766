import { defineVerb } from '../define.js';
import { fixStatsView } from '../../output/views/compounds.js';

export default defineVerb({
  name: 'fixes-stats',
  summary: 'Count the fixes available per compound',
  examples: ['secscan compounds fixes-stats', 'secscan compounds fixes-stats -o json'],
  operations: ['getFixesPerCompoundStats'],
  view: fixStatsView,
  async run(ctx) {
    const client = await ctx.client();
    const { stats } = await client.call('getFixesPerCompoundStats');
    return { kind: 'list', rows: stats };
  },
});
