import { NotFoundError } from '../../../errors.js';
import { boardStatusView } from '../../../output/views/integrations.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'status',
  summary: 'Say whether the work board (Azure Boards) is authorized for the organization',
  description:
    'Print whether an administrator has authorized the work board (Azure Boards) for the organization. ' +
    'A board that is not authorized prints `authorized: false` and exits 0.',
  examples: [
    'secscan integrations board status',
    'secscan integrations board status -o json | jq .authorized',
  ],
  operations: ['GetAzureAuthorizationStatus'],
  view: boardStatusView,
  async run(ctx) {
    const client = await ctx.client();
    try {
      const status = await client.call('GetAzureAuthorizationStatus');
      const details =
        typeof status === 'object' && status !== null ? (status as Record<string, unknown>) : {};
      return { kind: 'object', item: { ...details, authorized: details.authorized ?? true } };
    } catch (error) {
      // GetAzureAuthorizationStatus answers 200 when authorized; a 404 means nothing is authorized yet.
      if (!(error instanceof NotFoundError)) throw error;
      ctx.note('Authorize it with `secscan integrations board authorize`.');
      return { kind: 'object', item: { authorized: false } };
    }
  },
});
