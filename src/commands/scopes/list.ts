import { scopeRows, scopeView } from '../../output/views/scopes.js';
import { defineVerb, text } from '../define.js';
import { resolveTeam } from '../shared/teams.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List what your token may do in the organization, an app or a team',
  examples: [
    'secscan scopes list',
    'secscan scopes list --app shiftleft-java-demo',
    'secscan scopes list --team Payments',
  ],
  operations: ['ListMyOrgScopes', 'ListMyAppScopes', 'ListMyTeamScopes', 'ListTeams'],
  options: {
    app: text('--app <app-id>', 'scopes in the context of this app', { conflicts: ['team'] }),
    team: text('--team <team>', 'scopes in the context of this team (its name or id)', { complete: 'team' }),
  },
  view: scopeView,
  async run(ctx, { opts: { app, team } }) {
    const client = await ctx.client();
    const scopes = await ctx.spin('Listing scopes', () =>
      app !== undefined
        ? client.call('ListMyAppScopes', { path: { appID: app } })
        : team !== undefined
          ? resolveTeam(client, team).then(({ id }) =>
              client.call('ListMyTeamScopes', { path: { rbacTeamID: id } }),
            )
          : client.call('ListMyOrgScopes'),
    );
    return { kind: 'list', rows: scopeRows(scopes) };
  },
});
