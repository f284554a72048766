import { notFoundError } from '../../errors.js';
import { webhookView } from '../../output/views/webhook.js';
import { defineVerb } from '../define.js';
import { flowName, versionOption, versionQuery } from './internal/version.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the webhook: its URL and events (never its secret)',
  examples: ['secscan webhook show', 'secscan webhook show --version 1 -o json'],
  operations: ['GetWebhook'],
  options: { version: versionOption },
  view: webhookView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const webhook = await client.call('GetWebhook', { query: versionQuery(opts.version) });
    if (!webhook?.url) {
      throw notFoundError(
        `no webhook is set up for the ${flowName(opts.version)} flow`,
        'set one up with `secscan webhook set --url URL --event scan.finished`',
      );
    }
    return { kind: 'object', item: webhook };
  },
});
