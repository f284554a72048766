import { eventView } from '../../output/views/webhook.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'events',
  summary: 'List the events a webhook can subscribe to',
  examples: ['secscan webhook events'],
  operations: ['GetAlertingEvents'],
  view: eventView,
  async run(ctx) {
    const client = await ctx.client({ requireOrg: false });
    const { events } = await client.call('GetAlertingEvents');
    return { kind: 'list', rows: events };
  },
});
