import { arg, defineVerb, variadicArg } from '../../define.js';
import { nonEmpty } from '../../parsers.js';
import { resolveGroup } from '../../shared/groups.js';
import { mapLimit } from '../../../util/batches.js';
import { resolveTeam } from '../../shared/teams.js';
import { groupRoleRef, splitRole } from '../../shared/refs.js';
import { checkWith } from '../../../util/hints.js';

export default defineVerb({
  name: 'add',
  summary: 'Add groups to a team, or change their roles',
  description:
    'Add groups to a team, or change the role of a group already in it.\n\n' +
    'Each GROUP is a group id or name, optionally with :ROLE (TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, ' +
    'TEAM_GUEST or a role id; default TEAM_MEMBER). A group already in the team takes the role given.',
  examples: [
    'secscan teams groups add Payments Developers',
    'secscan teams groups add Payments Developers:TEAM_MEMBER "Security Champions:TEAM_ADMIN"',
  ],
  operations: ['ListTeams', 'ListHumanGroups', 'UpsertGroup'],
  args: [
    arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' }),
    variadicArg('group', 'GROUP[:ROLE]: group id or name, and its team role', {
      parser: groupRoleRef(),
      complete: 'group',
    }),
  ],
  async run(ctx, { args: [teamRef, specs] }) {
    const client = await ctx.client();
    const team = await resolveTeam(client, teamRef);
    const parts = specs.map(splitRole);
    const groups = await mapLimit(parts, 4, (p) => resolveGroup(client, p.ref));
    const byId = new Map(groups.map((g, i) => [g.id, (parts[i] as { role: string }).role]));
    await client.call('UpsertGroup', {
      path: { rbacTeamID: team.id },
      body: { group_ids: [...byId].map(([group_id, team_role]) => ({ group_id, team_role })) },
      verify: checkWith(`secscan teams groups list ${team.id}`),
    });
    for (const [i, g] of groups.entries()) {
      ctx.note(`Group ${g.name ?? g.id} is in team ${team.name ?? team.id} as ${parts[i]?.role}.`);
    }
    return { kind: 'none' };
  },
});
