import { boardOrgView } from '../../../output/views/integrations.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'orgs',
  summary: 'List the Azure DevOps organizations the authorized work board can reach',
  examples: ['secscan integrations board orgs', 'secscan integrations board orgs -o json'],
  operations: ['GetAzureOrgList'],
  view: boardOrgView,
  async run(ctx) {
    const client = await ctx.client();
    const list = await ctx.spin('Listing Azure DevOps organizations', () => client.call('GetAzureOrgList'));
    return { kind: 'list', rows: list.accounts };
  },
});
