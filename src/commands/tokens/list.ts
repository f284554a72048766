import { choice, defineVerb, flag } from '../define.js';
import { tokenView } from '../../output/views/tokens.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the organization’s tokens (never their secret values)',
  examples: ['secscan tokens list', 'secscan tokens list --type integration --show-expired -o json'],
  operations: ['ListTokens'],
  options: {
    showExpired: flag('--show-expired', 'include expired tokens'),
    type: choice('--type <type>', 'only tokens of this type', ['access', 'integration']),
  },
  view: tokenView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const tokens = await ctx.spin('Listing tokens', () =>
      client.call('ListTokens', {
        query: { show_expired: opts.showExpired ? true : undefined, token_type: opts.type },
      }),
    );
    return { kind: 'list', rows: tokens };
  },
});
