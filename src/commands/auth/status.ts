import { operations } from '../../api/operations/index.js';
import { maskSecret } from '../../api/redact.js';
import type { CurrentUser } from '../../api/schemas/users.js';
import type { Context } from '../../context.js';
import { ConfigError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result } from '../types.js';

export const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'profile', header: 'Profile' },
    { key: 'base_url', header: 'Service' },
    { key: 'org_id', header: 'Organization' },
    { key: 'user', header: 'User' },
    { key: 'token', header: 'Token' },
    { key: 'token_source', header: 'Token from' },
    { key: 'scopes', header: 'Scopes', get: (r) => (r.scopes as string[]).join('\n') },
  ],
});

export async function run(ctx: Context): Promise<Result> {
  const settings = await ctx.settings();
  if (!settings.token.value) {
    throw new ConfigError(`not logged in (profile ${settings.profile.value})`, {
      hint: 'run `secscan auth login`',
    });
  }
  const client = await ctx.client();
  const [user, scopes] = await ctx.spin('Checking the token', () =>
    Promise.all([
      client.call<CurrentUser>(operations.ReadUser),
      client.call<string[]>(operations.ListMyOrgScopes),
    ]),
  );
  return {
    kind: 'object',
    item: {
      profile: settings.profile.value,
      base_url: settings.baseUrl.value,
      org_id: settings.orgId.value,
      user: user.email ?? user.name ?? '',
      token: maskSecret(settings.token.value),
      token_source: settings.token.source,
      scopes: [...scopes].sort(),
    },
  };
}
