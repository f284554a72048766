import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Disconnect the chat service (Slack) and revoke its stored token',
  examples: ['secscan integrations chat remove', 'secscan integrations chat remove --yes'],
  operations: ['DeleteSlackConfiguration'],
  async run(ctx) {
    const client = await ctx.client();
    await ctx.confirm(
      'Disconnect the chat service (Slack)? Notifications stop and the stored Slack token is revoked',
    );
    await client.call('DeleteSlackConfiguration', {
      verify: 'removing it again is harmless: run the command again (it says so when nothing is connected)',
    });
    ctx.note('Disconnected the chat service (Slack); its stored token is revoked.');
    return { kind: 'none' };
  },
});
