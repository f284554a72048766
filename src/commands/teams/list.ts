import type { ApiClient } from '../../api/client.js';
import { type TeamSummary, teamMembers } from '@secscan/api/schemas/teams';
import { teamListView, teamMembersListView } from '../../output/views/teams.js';
import { mapLimit } from '../../util/batches.js';
import { defineVerb, flag, text } from '../define.js';

/** Teams read at once with --members. */
const readsAtOnce = 8;

async function* listed(client: ApiClient, name: string | undefined): AsyncGenerator<TeamSummary[]> {
  // no_members: the listing is ids, names and versions whatever the service's default, and never a 507.
  yield* client.pages('ListTeams', { query: { teamName: name, no_members: true } });
}

/** Each listed team with its apps and members, read team by team as each page of the listing arrives. */
async function* withMembers(client: ApiClient, name: string | undefined) {
  for await (const page of listed(client, name)) {
    const teams = await mapLimit(page, readsAtOnce, (row) =>
      client.call('ReadTeam', { path: { rbacTeamID: row.team_id } }),
    );
    for (const [i, row] of page.entries()) {
      const team = teams[i] as (typeof teams)[number];
      yield {
        team_id: row.team_id,
        team_name: team.team_name,
        team_version: team.version,
        applications: team.applications ?? [],
        members: teamMembers(team),
      };
    }
  }
}

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the teams you can read',
  description:
    'List the teams you can read: id, name and version, from the team listing alone (one request a page).\n\n' +
    'A team’s apps and members come from reading the team: --members reads every listed team ' +
    `(${readsAtOnce} at a time) and adds them; \`secscan teams show TEAM\` shows one team.`,
  examples: [
    'secscan teams list',
    'secscan teams list --name payments -o json',
    'secscan teams list --members --fields team_name,members',
  ],
  operations: ['ListTeams', 'ReadTeam'],
  options: {
    name: text('--name <name>', 'only the team of this name (any case)', { complete: 'team' }),
    members: {
      ...flag('--members', 'read each team for its apps and members (one request per team)'),
      negation: 'the listing alone, without members (the default)',
    },
  },
  view: (opts) => (opts.members ? teamMembersListView : teamListView),
  async run(ctx, { opts }) {
    const client = await ctx.client();
    if (opts.members) return { kind: 'list', rows: withMembers(client, opts.name) };
    async function* rows(): AsyncGenerator<TeamSummary> {
      for await (const page of listed(client, opts.name)) yield* page;
    }
    return { kind: 'list', rows: rows() };
  },
});
