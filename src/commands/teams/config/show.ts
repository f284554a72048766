import { defineVerb } from '../../define.js';
import { teamConfigView } from '../../../output/views/team-config.js';
import { resolveTeam, teamArg } from './internal/team.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the team’s own configuration',
  description:
    'Show the team’s own analysis configuration: what it sets over the organization’s (`teams config ' +
    'merged` shows the result).\n\n' +
    'With `-o yaml` the output is a file `secscan teams config set` takes back as is.',
  examples: ['secscan teams config show Payments', 'secscan teams config show Payments -o yaml > team.yml'],
  operations: ['ListTeams', 'ReadTeamConfig'],
  args: [teamArg],
  view: teamConfigView,
  async run(ctx, { args: [team] }) {
    const client = await ctx.client();
    const rbacTeamID = await resolveTeam(client, team);
    return { kind: 'object', item: await client.call('ReadTeamConfig', { path: { rbacTeamID } }) };
  },
});
