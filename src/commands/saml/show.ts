import { samlView } from '../../output/views/saml.js';
import { defineVerb } from '../define.js';
import { nameArg, readConfig } from './internal/config.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a SAML configuration, with the URLs and relay state to give the IdP',
  examples: ['secscan saml show corp-sso', 'secscan saml show corp-sso -o json'],
  operations: ['ListOrgSAMLConfigs'],
  args: [nameArg],
  view: samlView,
  async run(ctx, { args: [name] }) {
    const client = await ctx.client();
    return { kind: 'object', item: await readConfig(client, name) };
  },
});
