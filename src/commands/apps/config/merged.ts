import { arg, defineVerb } from '../../define.js';
import { appId } from '../../parsers.js';
import { configView } from '../../../output/views/apps.js';

export default defineVerb({
  name: 'merged',
  summary: 'Show the effective configuration: organization, then team, then app',
  examples: ['secscan apps config merged payments-api -o json'],
  operations: ['ReadMergedAppConfig'],
  args: [arg('id', 'app id', { parser: appId(), complete: 'app' })],
  view: configView,
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    return { kind: 'object', item: await client.call('ReadMergedAppConfig', { path: { appID: id } }) };
  },
});
