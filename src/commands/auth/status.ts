import { maskSecret } from '../../api/redact.js';
import { ConfigError } from '../../errors.js';
import { authStatusView } from '../../output/views/auth.js';
import { defineVerb, flag } from '../define.js';

export default defineVerb({
  name: 'status',
  summary: 'Show the profile, service, organization, masked token and its scopes',
  description:
    'Show the settings in use (profile, service, organization, where the token comes from, masked) and ' +
    'check the token: the user it belongs to and its scopes, summed up in a line (how many, of how many ' +
    'resources); --scopes lists them, one a line. -o json has them all.',
  examples: [
    'secscan auth status',
    'secscan auth status --scopes',
    'secscan auth status --profile staging -o json',
  ],
  operations: ['ReadUser', 'ListMyOrgScopes'],
  options: {
    scopes: flag('--scopes', 'list the token’s scopes, one a line'),
  },
  view: (opts) => authStatusView(opts),
  async run(ctx) {
    const settings = await ctx.settings();
    if (!settings.token.value) {
      throw new ConfigError(`not logged in (profile ${settings.profile.value})`, {
        hint: 'run `secscan auth login`',
      });
    }
    const client = await ctx.client();
    const [user, scopes] = await ctx.spin('Checking the token', () =>
      Promise.all([client.call('ReadUser'), client.call('ListMyOrgScopes')]),
    );
    return {
      kind: 'object',
      item: {
        profile: settings.profile.value,
        base_url: settings.baseUrl.value,
        org_id: settings.orgId.value,
        user: user.email,
        token: maskSecret(settings.token.value),
        token_source: settings.token.source,
        scopes: [...scopes].sort(),
      },
    };
  },
});
