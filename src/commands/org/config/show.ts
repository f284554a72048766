import { defineVerb } from '../../define.js';
import { orgConfigView } from '../../../output/views/org.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the organization’s configuration',
  description:
    'Show the organization’s configuration: sign-in and SAML, security training, the secrets scanner, ' +
    'AutoFix and the session timeout.\n\n' +
    'With `-o yaml` or `-o json` the output is a file `secscan org config set` takes back as is.',
  examples: ['secscan org config show', 'secscan org config show -o yaml > org-config.yml'],
  operations: ['ReadOrgConfig'],
  view: orgConfigView,
  async run(ctx) {
    const client = await ctx.client();
    return { kind: 'object', item: await client.call('ReadOrgConfig') };
  },
});
