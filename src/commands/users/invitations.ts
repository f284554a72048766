import type { Invitation } from '../../api/schemas/teams.js';
import { invitationView } from '../../output/views/users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'invitations',
  summary: 'List pending invitations and the role each invitee will get',
  examples: ['secscan users invitations', 'secscan users invitations -o csv'],
  operations: ['ListOrgRBACInvitations'],
  view: invitationView,
  async run(ctx) {
    const client = await ctx.client();
    async function* rows(): AsyncGenerator<Invitation> {
      for await (const page of client.pages('ListOrgRBACInvitations')) yield* page;
    }
    return { kind: 'list', rows: rows() };
  },
});
