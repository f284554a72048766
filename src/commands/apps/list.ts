import { defineVerb } from '../define.js';
import { appView } from '../../output/views/apps.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the organization’s apps',
  examples: ['secscan apps list', 'secscan apps list --fields id,team_id -o csv'],
  operations: ['ListApps'],
  view: appView,
  async run(ctx) {
    const client = await ctx.client();
    const apps = await ctx.spin('Listing apps', () => client.call('ListApps'));
    return { kind: 'list', rows: apps };
  },
});
