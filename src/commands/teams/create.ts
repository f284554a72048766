import { ExitCode, RejectedError } from '../../errors.js';
import { teamView } from '../../output/views/teams.js';
import { arg, defineVerb, list } from '../define.js';
import { appId, nonEmpty } from '../parsers.js';
import { memberRef } from '../shared/refs.js';
import { resolveMembers } from './internal/members.js';
import { checkApps } from '../../access/write.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'create',
  summary: 'Create a team with apps and members',
  description:
    'Create a team with its apps and members.\n\n' +
    'Members are USER[:ROLE]: an e-mail or a user id, and a team role (default TEAM_MEMBER). E-mails ' +
    'are looked up first: an unknown one is an error before anything is created. An app that belongs ' +
    'to another team is refused (move it afterwards with `teams update --add-app ID --force`).',
  examples: [
    'secscan teams create Docs --app docs-site',
    'secscan teams create Mobile --member power-user@initech.example:TEAM_ADMIN --member member@initech.example',
  ],
  operations: ['ListTeams', 'ListApps', 'ListOrgRBACUsers', 'CreateTeam', 'ReadTeam'],
  args: [arg('name', 'name of the team', { parser: nonEmpty('team name') })],
  options: {
    app: list('--app <id>', 'an app of the team (repeatable)', { parser: appId(), complete: 'app' }),
    member: list('--member <user[:role]>', 'a member: e-mail or user id, optionally :ROLE (repeatable)', {
      parser: memberRef(),
      complete: 'user',
    }),
  },
  view: teamView,
  async run(ctx, { args: [name], opts }) {
    const client = await ctx.client();
    const same = (await client.allPages('ListTeams', { query: { teamName: name, no_members: true } }))
      .flat()
      .find((t) => t.team_name.toLowerCase() === name.toLowerCase());
    if (same) {
      throw new RejectedError(
        `a team named ${same.team_name} exists (${same.team_id})`,
        ExitCode.rejected,
        409,
        undefined,
        'change it with `secscan teams update`',
      );
    }
    const apps = [...new Set(opts.app ?? [])];
    await checkApps(client, undefined, apps, false);
    const members = await resolveMembers(client, opts.member ?? []);
    const { team_id } = await client.call('CreateTeam', {
      body: {
        name,
        ...(apps.length ? { applications: apps } : {}),
        ...(members.length
          ? { team_membership: members.map((m) => ({ user_id_v2: m.user_id_v2, team_role: m.team_role })) }
          : {}),
      },
      verify: checkWith(`secscan teams list --name ${JSON.stringify(name)}`),
    });
    ctx.note(`Created team ${name} (${team_id}).`);
    return { kind: 'object', item: await client.call('ReadTeam', { path: { rbacTeamID: team_id } }) };
  },
});
