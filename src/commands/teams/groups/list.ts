import { teamGroupListView } from '../../../output/views/teams.js';
import { arg, defineVerb } from '../../define.js';
import { nonEmpty } from '../../parsers.js';
import { resolveTeam } from '../../shared/teams.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the groups of a team with their roles',
  examples: ['secscan teams groups list Payments', 'secscan teams groups list Payments -o json'],
  operations: ['ListTeams', 'ListGroups'],
  args: [arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' })],
  view: teamGroupListView,
  async run(ctx, { args: [ref] }) {
    const client = await ctx.client();
    const team = await resolveTeam(client, ref);
    const groups = await client.call('ListGroups', { path: { rbacTeamID: team.id } });
    // The group's role in this team is in its `teams` list.
    const rows = groups.map((g) => ({
      ...g,
      team_role: g.teams.find((t) => t.team_id === team.id)?.role ?? '',
    }));
    return { kind: 'list', rows };
  },
});
