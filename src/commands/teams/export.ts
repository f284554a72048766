import { accessFileDocument } from '../../output/export/texts.js';
import { defineVerb } from '../define.js';
import { concurrencyOption, fanOut, withProgress } from '../shared/fan-out.js';
import { userEmails } from '../shared/users.js';
import { readRoles, readTeams } from '../../access/state.js';

const byKey = <T>(entries: [string, T][]): Record<string, T> =>
  Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

export default defineVerb({
  name: 'export',
  summary: 'Write every team with its apps, members and groups as an access file',
  description:
    'Write every team you can read, with its apps, members and groups, as an access file on standard ' +
    'output.\n\n' +
    'The file (YAML, or JSON with -o json) lists each team with its apps, its members by e-mail with ' +
    'their team role, and its groups by name with their role. Edit it and give it to `secscan teams ' +
    'apply`. A member whose e-mail the service does not list is written by user id. Teams are read a few ' +
    'at a time (--concurrency), backing off while the service throttles.',
  examples: [
    'secscan teams export > access.yml',
    'secscan teams export -o json > access.json',
    'secscan teams export --concurrency 8 > access.yml',
  ],
  operations: ['ListOrgRBACRoles', 'ListTeams', 'ReadTeam', 'ListGroups', 'ListOrgRBACUsers'],
  options: { concurrency: concurrencyOption },
  document: accessFileDocument,
  async run(ctx, { opts }) {
    const { client, scheduler } = await fanOut(ctx, opts.concurrency);
    const roles = await readRoles(client);
    const [{ teams }, emails] = await withProgress(ctx, 'Reading teams', ['team'], scheduler, () =>
      Promise.all([readTeams(client, roles, undefined, scheduler), userEmails(client)]),
    );
    let byId = 0;
    const doc = {
      teams: teams
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((team) => ({
          name: team.name,
          apps: [...team.apps].sort(),
          members: byKey(
            [...team.members].map(([id, role]): [string, string] => {
              const email = emails?.get(id);
              if (!email) byId++;
              return [email ?? id, roles.label(role)];
            }),
          ),
          groups: byKey(
            [...team.groups].map(([id, role]): [string, string] => [
              team.groupNames.get(id) ?? id,
              roles.label(role),
            ]),
          ),
        })),
    };
    if (byId) {
      ctx.warn(
        emails
          ? `${byId} member(s) are not in the user listing: written by user id`
          : `the service does not list users without an e-mail: ${byId} member(s) written by user id`,
      );
    }
    return { kind: 'document', document: { type: 'access-file' as const, doc } };
  },
});
