import { arg, defineVerb } from '../define.js';
import { appId } from '../parsers.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete an app',
  examples: ['secscan apps delete billing-api --yes'],
  operations: ['DeleteApp'],
  args: [arg('id', 'app id', { parser: appId(), complete: 'app' })],
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    await ctx.confirm(`Delete app ${id}? Its scans and findings can no longer be read`);
    await client.call('DeleteApp', { path: { appID: id } });
    ctx.note(`Deleted app ${id}.`);
    return { kind: 'none' };
  },
});
