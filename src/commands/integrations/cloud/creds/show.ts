import { redactJson } from '../../../../api/redact.js';
import { cloudCredsView } from '../../../../output/views/integrations.js';
import { defineVerb } from '../../../define.js';
import { rethrowNotFound } from '../../internal/hints.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the stored client credentials of the cloud-security platform (Wiz), never the secret',
  description:
    'Show the client id and the addresses stored for the cloud-security platform (Wiz). The client secret ' +
    'is never printed: were the service to return it, it is shown as [redacted], in every output format.',
  examples: ['secscan integrations cloud creds show', 'secscan integrations cloud creds show -o json'],
  operations: ['getWizCreds'],
  view: cloudCredsView,
  async run(ctx) {
    const client = await ctx.client();
    let creds;
    try {
      creds = await client.call('getWizCreds');
    } catch (error) {
      rethrowNotFound(error, 'store them with `secscan integrations cloud creds set`');
    }
    if (creds === undefined || !Object.keys(creds).length)
      ctx.warn('the service confirmed stored credentials without their details');
    return { kind: 'object', item: redactJson(creds ?? {}) as Record<string, unknown> };
  },
});
