import { scopeRows, scopeView } from '../../output/views/scopes.js';
import { defineVerb, parsed, text } from '../define.js';
import { uuid } from '../parsers.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List what your token may do in the organization, an app or a team',
  examples: ['secscan scopes list', 'secscan scopes list --app shiftleft-java-demo'],
  operations: ['ListMyOrgScopes', 'ListMyAppScopes', 'ListMyTeamScopes'],
  options: {
    app: text('--app <app-id>', 'scopes in the context of this app', { conflicts: ['team'] }),
    team: parsed('--team <team-id>', 'scopes in the context of this team (uuid)', uuid()),
  },
  view: scopeView,
  async run(ctx, { opts: { app, team } }) {
    const client = await ctx.client();
    const scopes = await ctx.spin('Listing scopes', () =>
      app !== undefined
        ? client.call('ListMyAppScopes', { path: { appID: app } })
        : team !== undefined
          ? client.call('ListMyTeamScopes', { path: { rbacTeamID: team } })
          : client.call('ListMyOrgScopes'),
    );
    return { kind: 'list', rows: scopeRows(scopes) };
  },
});
