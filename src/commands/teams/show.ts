import type { TeamMember } from '@secscan/api/schemas/teams';
import { teamView } from '../../output/views/teams.js';
import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { resolveTeam } from '../shared/teams.js';
import { memberLabels } from './internal/labels.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a team: version, apps and members',
  description:
    'Show a team: its version, its apps, and its members by e-mail with their team role (a custom role by ' +
    'its name), as `secscan teams export` writes them. -o json adds `email` and `role_name` to each member. ' +
    'A member whose e-mail the service does not list is shown by user id.',
  examples: [
    'secscan teams show Payments',
    'secscan teams show 91a41f11-d024-4546-a44b-8bec121c2cae -o json',
  ],
  operations: ['ListTeams', 'ReadTeam', 'ListOrgRBACRoles', 'ListOrgRBACUsers'],
  args: [arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' })],
  view: teamView,
  async run(ctx, { args: [ref] }) {
    const client = await ctx.client();
    const team = await resolveTeam(client, ref);
    const [item, labels] = await Promise.all([
      client.call('ReadTeam', { path: { rbacTeamID: team.id } }),
      memberLabels(ctx, client),
    ]);
    const label = (members: TeamMember[] | undefined) =>
      members?.map((m) => {
        const email = labels.email(m.user_id_v2);
        return { ...m, ...(email ? { email } : {}), role_name: labels.role(m.team_role) };
      });
    return {
      kind: 'object',
      item: {
        ...item,
        ...(item.users ? { users: label(item.users) } : {}),
        ...(item.members ? { members: label(item.members) } : {}),
      },
    };
  },
});
