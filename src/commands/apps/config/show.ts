import { arg, defineVerb } from '../../define.js';
import { appId } from '../../parsers.js';
import { configView } from '../../../output/views/apps.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the app’s own configuration',
  examples: ['secscan apps config show payments-api', 'secscan apps config show payments-api -o yaml'],
  operations: ['ReadAppConfig'],
  args: [arg('id', 'app id', { parser: appId(), complete: 'app' })],
  view: configView,
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    return { kind: 'object', item: await client.call('ReadAppConfig', { path: { appID: id } }) };
  },
});
