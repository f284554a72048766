import { managedRoleView, rbacRoleView } from '../../output/views/roles.js';
import { defineVerb, flag } from '../define.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List RBAC roles, or the managed roles tokens can carry',
  examples: [
    'secscan roles list',
    'secscan roles list --access-token',
    'secscan roles list -o json | jq ".[].scopes"',
  ],
  operations: ['ListOrgRBACRoles', 'ListRoles'],
  options: {
    accessToken: flag('--access-token', 'list the managed roles for tokens (role ids for `tokens create`)'),
  },
  view: (opts) => (opts.accessToken ? managedRoleView : rbacRoleView),
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const roles = await ctx.spin('Listing roles', async (): Promise<Record<string, unknown>[]> =>
      opts.accessToken ? client.call('ListRoles') : client.call('ListOrgRBACRoles'),
    );
    return { kind: 'list', rows: roles };
  },
});
