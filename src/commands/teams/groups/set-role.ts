import { arg, defineVerb } from '../../define.js';
import { nonEmpty } from '../../parsers.js';
import { resolveGroup } from '../../shared/groups.js';
import { resolveTeam } from '../../shared/teams.js';
import { teamRole } from '../../shared/refs.js';
import { checkWith } from '../../../util/hints.js';

export default defineVerb({
  name: 'set-role',
  summary: 'Change the role a group has in a team',
  examples: ['secscan teams groups set-role Web Developers TEAM_MANAGER'],
  operations: ['ListTeams', 'ListHumanGroups', 'UpdateGroup'],
  args: [
    arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' }),
    arg('group', 'group id or name', { parser: nonEmpty('group'), complete: 'group' }),
    arg('role', 'TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST or a role id', {
      parser: teamRole('role'),
    }),
  ],
  async run(ctx, { args: [teamRef, groupRef, role] }) {
    const client = await ctx.client();
    const team = await resolveTeam(client, teamRef);
    const group = await resolveGroup(client, groupRef);
    await client.call('UpdateGroup', {
      path: { rbacTeamID: team.id, groupID: group.id },
      body: { team_role: role },
      verify: checkWith(`secscan teams groups list ${team.id}`),
    });
    ctx.note(`Group ${group.name ?? group.id} is in team ${team.name ?? team.id} as ${role}.`);
    return { kind: 'none' };
  },
});
