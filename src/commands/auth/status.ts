import { maskSecret } from '../../api/redact.js';
import { ConfigError } from '../../errors.js';
import { authStatusView } from '../../output/views/auth.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'status',
  summary: 'Show the profile, service, organization, masked token and its scopes',
  examples: ['secscan auth status', 'secscan auth status --profile staging -o json'],
  operations: ['ReadUser', 'ListMyOrgScopes'],
  view: authStatusView,
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
