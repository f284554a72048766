import { arg, defineVerb, parsed } from '../define.js';
import { int, nonEmpty } from '../parsers.js';
import { resolveTeam } from '../shared/teams.js';
import { withConflictHint } from '../../access/write.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a team (its apps and members stay in the organization)',
  description:
    'Delete a team; its apps and members stay in the organization.\n\n' +
    'The team’s current version is read first unless --version is given; a team changed since that ' +
    'version is not deleted (exit 6).',
  examples: ['secscan teams delete Payments --yes', 'secscan teams delete Payments --version 1 --yes'],
  operations: ['ListTeams', 'ReadTeam', 'DeleteTeam'],
  args: [arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' })],
  options: {
    version: parsed(
      '--version <n>',
      'delete only if the team is still at this version',
      int(0, Number.MAX_SAFE_INTEGER),
    ),
  },
  async run(ctx, { args: [ref], opts }) {
    await ctx.confirm(`Delete team ${ref}? Its members lose the access it gave them`);
    const client = await ctx.client();
    const team = await resolveTeam(client, ref);
    const version =
      opts.version ?? (await client.call('ReadTeam', { path: { rbacTeamID: team.id } })).version;
    await withConflictHint(team.id, () =>
      client.call('DeleteTeam', {
        path: { rbacTeamID: team.id },
        body: { version },
        verify: checkWith(`secscan teams show ${team.id}`, '(a team that is gone is not found)'),
      }),
    );
    ctx.note(`Deleted team ${team.name ?? team.id}.`);
    return { kind: 'none' };
  },
});
