import type { ApiClient } from '../../api/client.js';
import type { Invitation } from '@secscan/api/schemas/teams';
import { AuthError } from '../../errors.js';
import { invitationView } from '../../output/views/users.js';
import { defineVerb } from '../define.js';

/**
 * The organization role each role id stands for: its alias outside teams (MEMBER, TEAM_DEFINED), else its
 * name. Empty when the token may not list roles (the ids are shown then).
 */
async function roleNames(client: ApiClient): Promise<Map<string, string>> {
  try {
    const roles = await client.call('ListOrgRBACRoles');
    return new Map(
      roles.map((r) => {
        const aliases = r.id_aliases ?? [];
        return [r.id, aliases.find((a) => !a.startsWith('TEAM_')) ?? aliases[0] ?? r.name ?? r.id];
      }),
    );
  } catch (error) {
    if (error instanceof AuthError) return new Map();
    throw error;
  }
}

export default defineVerb({
  name: 'invitations',
  summary: 'List pending invitations and the role each invitee will get',
  description:
    'List pending invitations and the organization role each invitee will get (MEMBER, TEAM_DEFINED or ' +
    'a custom role’s name; its id with --fields role_id or -o json).',
  examples: ['secscan users invitations', 'secscan users invitations -o csv'],
  operations: ['ListOrgRBACInvitations', 'ListOrgRBACRoles'],
  view: invitationView(),
  async run(ctx) {
    const client = await ctx.client();
    const names = await roleNames(client);
    async function* rows(): AsyncGenerator<Invitation> {
      for await (const page of client.pages('ListOrgRBACInvitations')) yield* page;
    }
    return { kind: 'list', rows: rows(), view: invitationView(names) };
  },
});
