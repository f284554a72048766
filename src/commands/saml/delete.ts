import { defineVerb } from '../define.js';
import { nameArg } from './internal/config.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a SAML configuration',
  examples: ['secscan saml delete corp-sso --yes'],
  operations: ['DeleteOrgSAMLConfig'],
  args: [nameArg],
  async run(ctx, { args: [name] }) {
    const client = await ctx.client();
    await ctx.confirm(`Delete SAML configuration ${name}? Users can no longer sign in through it`);
    await client.call('DeleteOrgSAMLConfig', {
      path: { SAMLConfigName: name },
      verify: checkWith('secscan saml list'),
    });
    ctx.note(`Deleted SAML configuration ${name}.`);
    return { kind: 'none' };
  },
});
