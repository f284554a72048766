import { scopeRows, scopeView } from '../../output/views/scopes.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'available',
  summary: 'List every scope a role can grant',
  examples: ['secscan scopes available', 'secscan scopes available --fields scope -o json'],
  operations: ['ListAvailableRBACScopes'],
  view: scopeView,
  async run(ctx) {
    const client = await ctx.client();
    const scopes = await ctx.spin('Listing scopes', () => client.call('ListAvailableRBACScopes'));
    return { kind: 'list', rows: scopeRows(scopes) };
  },
});
