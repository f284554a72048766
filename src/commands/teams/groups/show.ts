import { groupView } from '../../../output/views/teams.js';
import { arg, defineVerb } from '../../define.js';
import { nonEmpty } from '../../parsers.js';
import { resolveGroup } from '../../shared/groups.js';
import { resolveTeam } from '../../shared/teams.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a group of a team: its members and teams',
  examples: ['secscan teams groups show Payments "Security Champions"'],
  operations: ['ListTeams', 'ListHumanGroups', 'ReadTeamGroup'],
  args: [
    arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' }),
    arg('group', 'group id or name', { parser: nonEmpty('group'), complete: 'group' }),
  ],
  view: groupView,
  async run(ctx, { args: [teamRef, groupRef] }) {
    const client = await ctx.client();
    const team = await resolveTeam(client, teamRef);
    const group = await resolveGroup(client, groupRef);
    return {
      kind: 'object',
      item: await client.call('ReadTeamGroup', { path: { rbacTeamID: team.id, groupID: group.id } }),
    };
  },
});
