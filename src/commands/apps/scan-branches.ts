import { arg, defineVerb } from '../define.js';
import { appId } from '../parsers.js';
import { scanBranchView } from '../../output/views/apps.js';

export default defineVerb({
  name: 'scan-branches',
  summary: 'List an app’s scanned branches with scan counts',
  examples: ['secscan apps scan-branches payments-api'],
  operations: ['ListAppBranches'],
  args: [arg('id', 'app id', { parser: appId(), complete: 'app' })],
  view: scanBranchView,
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    const answer = await client.call('ListAppBranches', { path: { appID: id } });
    return { kind: 'list', rows: Array.isArray(answer) ? answer : [answer] };
  },
});
