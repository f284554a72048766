import { defineVerb } from '../define.js';
import { flowName, versionOption, versionQuery } from './internal/version.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete the webhook: the service stops delivering events',
  examples: ['secscan webhook delete --yes', 'secscan webhook delete --version 1'],
  operations: ['DeleteWebhook'],
  options: { version: versionOption },
  async run(ctx, { opts }) {
    const client = await ctx.client();
    await ctx.confirm(
      `Delete the webhook of the ${flowName(opts.version)} flow? Events stop being delivered`,
    );
    await client.call('DeleteWebhook', {
      query: versionQuery(opts.version),
      verify: checkWith(
        `secscan webhook show${opts.version === undefined ? '' : ` --version ${opts.version}`}`,
      ),
    });
    ctx.note(`Deleted the webhook of the ${flowName(opts.version)} flow.`);
    return { kind: 'none' };
  },
});
