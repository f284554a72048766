import type { TeamSummary } from '@secscan/api/schemas/teams';
import { teamListView, teamNameListView } from '../../output/views/teams.js';
import { defineVerb, flag, text } from '../define.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the teams you can read',
  description:
    'List the teams you can read, with the number of members of each.\n\n' +
    'With members (the default) the listing is paged, so an organization with many members never gets ' +
    'a TOO_MUCH_WORK refusal; --no-members lists ids and names only.',
  examples: ['secscan teams list', 'secscan teams list --name payments --no-members -o json'],
  operations: ['ListTeams'],
  options: {
    name: text('--name <name>', 'only the team of this name (any case)', { complete: 'team' }),
    members: flag('--no-members', 'leave the members out'),
  },
  view: teamListView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    // Members included: ask for page 1, so the service pages (100 teams a page) instead of refusing with 507.
    const query = { teamName: opts.name, ...(opts.members === false ? { no_members: true } : { page: 1 }) };
    async function* rows(): AsyncGenerator<TeamSummary> {
      for await (const page of client.pages('ListTeams', { query })) yield* page;
    }
    return { kind: 'list', rows: rows(), ...(opts.members === false ? { view: teamNameListView } : {}) };
  },
});
