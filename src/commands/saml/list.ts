import { samlListView } from '../../output/views/saml.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the SAML configurations',
  examples: ['secscan saml list', 'secscan saml list -o json'],
  operations: ['ListOrgSAMLConfigs'],
  view: samlListView,
  async run(ctx) {
    const client = await ctx.client();
    return { kind: 'list', rows: await client.call('ListOrgSAMLConfigs') };
  },
});
