import { teamView } from '../../output/views/teams.js';
import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { resolveTeam } from '../shared/teams.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a team: version, apps and members',
  examples: [
    'secscan teams show Payments',
    'secscan teams show 91a41f11-d024-4546-a44b-8bec121c2cae -o json',
  ],
  operations: ['ListTeams', 'ReadTeam'],
  args: [arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' })],
  view: teamView,
  async run(ctx, { args: [ref] }) {
    const client = await ctx.client();
    const team = await resolveTeam(client, ref);
    return { kind: 'object', item: await client.call('ReadTeam', { path: { rbacTeamID: team.id } }) };
  },
});
