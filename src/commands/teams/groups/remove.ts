import { arg, defineVerb } from '../../define.js';
import { nonEmpty } from '../../parsers.js';
import { resolveGroup } from '../../shared/groups.js';
import { resolveTeam } from '../../shared/teams.js';
import { checkWith } from '../../../util/hints.js';

export default defineVerb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove a group from a team (the group itself stays)',
  examples: ['secscan teams groups remove Web Developers --yes'],
  operations: ['ListTeams', 'ListHumanGroups', 'RemoveGroupFromTeam'],
  args: [
    arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' }),
    arg('group', 'group id or name', { parser: nonEmpty('group'), complete: 'group' }),
  ],
  async run(ctx, { args: [teamRef, groupRef] }) {
    await ctx.confirm(
      `Remove group ${groupRef} from team ${teamRef}? Its members lose the role it gave them`,
    );
    const client = await ctx.client();
    const team = await resolveTeam(client, teamRef);
    const group = await resolveGroup(client, groupRef);
    await client.call('RemoveGroupFromTeam', {
      path: { rbacTeamID: team.id, groupID: group.id },
      verify: checkWith(`secscan teams groups list ${team.id}`),
    });
    ctx.note(`Removed group ${group.name ?? group.id} from team ${team.name ?? team.id}.`);
    return { kind: 'none' };
  },
});
