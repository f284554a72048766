import { arg, defineVerb } from '../define.js';
import { appId } from '../parsers.js';
import { appView } from '../../output/views/apps.js';

export default defineVerb({
  name: 'show',
  summary: 'Show an app',
  examples: ['secscan apps show payments-api', 'secscan apps show payments-api -o json'],
  operations: ['ReadApp'],
  args: [arg('id', 'app id', { parser: appId(), complete: 'app' })],
  view: appView,
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    return { kind: 'object', item: await client.call('ReadApp', { path: { appID: id } }) };
  },
});
