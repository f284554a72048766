import { associationView } from '../../../output/views/integrations.js';
import { arg, defineVerb } from '../../define.js';
import { appId } from '../../parsers.js';
import { linkHint, rethrowNotFound } from '../internal/hints.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the work-board project an app is linked to',
  examples: [
    'secscan integrations board show payments-api',
    'secscan integrations board show payments-api -o json',
  ],
  operations: ['GetAzureboardAssociation'],
  args: [arg('app', 'app id', { parser: appId(), complete: 'app' })],
  view: associationView,
  async run(ctx, { args: [app] }) {
    const client = await ctx.client();
    try {
      const association = await client.call('GetAzureboardAssociation', { path: { appID: app } });
      return { kind: 'object', item: { app, ...association } };
    } catch (error) {
      rethrowNotFound(error, linkHint(app));
    }
  },
});
