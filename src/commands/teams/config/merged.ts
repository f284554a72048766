import { defineVerb } from '../../define.js';
import { teamConfigView } from '../../../output/views/team-config.js';
import { resolveTeam, teamArg } from './internal/team.js';

export default defineVerb({
  name: 'merged',
  summary: 'Show the team’s effective configuration: the organization’s, then the team’s on top',
  examples: ['secscan teams config merged Payments', 'secscan teams config merged Payments -o json'],
  operations: ['ListTeams', 'ReadMergedTeamConfig'],
  args: [teamArg],
  view: teamConfigView,
  async run(ctx, { args: [team] }) {
    const client = await ctx.client();
    const rbacTeamID = await resolveTeam(client, team);
    return { kind: 'object', item: await client.call('ReadMergedTeamConfig', { path: { rbacTeamID } }) };
  },
});
