import { operations } from '../../api/operations/index.js';
import type { CurrentUser } from '../../api/schemas/users.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result } from '../types.js';

type Row = CurrentUser & Record<string, unknown>;

export const view = defineView<Row>({
  columns: [
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email' },
    { key: 'idv2', header: 'User id' },
    {
      key: 'membership',
      header: 'Organizations',
      get: (u) =>
        (u.membership ?? []).map((m) => `${m.organizationName ?? ''} (${m.organization ?? ''})`).join('\n'),
    },
    {
      key: 'invites',
      header: 'Invitations',
      get: (u) =>
        (u.invites ?? []).map((m) => `${m.organizationName ?? ''} (${m.organization ?? ''})`).join('\n'),
    },
  ],
});

export async function run(ctx: Context): Promise<Result> {
  const client = await ctx.client({ requireOrg: false });
  const user = await ctx.spin('Reading user', () => client.call<Row>(operations.ReadUser));
  return { kind: 'object', item: user };
}
