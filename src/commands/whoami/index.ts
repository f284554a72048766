import { userView } from '../../output/views/whoami.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'whoami',
  section: 'setup',
  summary: 'Show the current user and their organizations',
  examples: ['secscan whoami', 'secscan whoami -o json | jq -r .email'],
  operations: ['ReadUser'],
  view: userView,
  async run(ctx) {
    const client = await ctx.client({ requireOrg: false });
    const user = await ctx.spin('Reading user', () => client.call('ReadUser'));
    return { kind: 'object', item: user };
  },
});
