import type { ApiClient } from '../../api/client.js';
import { type Team, teamMembers } from '@secscan/api/schemas/teams';
import { ExitCode, exitCodeFor, RejectedError, UsageError } from '../../errors.js';
import { teamView } from '../../output/views/teams.js';
import { arg, defineVerb, flag, list, parsed, text } from '../define.js';
import { appId, int, nonEmpty } from '../parsers.js';
import { resolveTeam } from '../shared/teams.js';
import { resolveUsers } from '../shared/users.js';
import { memberRef, splitRole, userRef } from '../shared/refs.js';
import { checkApps, withConflictHint } from '../../access/write.js';
import { checkWith } from '../../util/hints.js';

type MemberBody = { user_id_v2: string; team_role: string };

interface Changes {
  addApps: string[];
  removeApps: string[];
  addMembers: MemberBody[];
  removeMembers: MemberBody[];
}

/** Unique values that pass, and those that do not. */
function split(values: readonly string[] | undefined, pass: (v: string) => boolean): [string[], string[]] {
  const unique = [...new Set(values ?? [])];
  return [unique.filter(pass), unique.filter((v) => !pass(v))];
}

/** Members to add, re-role and remove, against the team as read; no-ops are dropped with a note. */
async function memberChanges(
  client: ApiClient,
  team: Team,
  add: readonly string[],
  remove: readonly string[],
  note: (message: string) => void,
): Promise<Pick<Changes, 'addMembers' | 'removeMembers'>> {
  const adds = add.map(splitRole);
  const users = await resolveUsers(client, [...adds.map((a) => a.ref), ...remove]);
  const current = new Map(teamMembers(team).map((u) => [u.user_id_v2, u.team_role]));
  const addMembers: MemberBody[] = [];
  const removeMembers: MemberBody[] = [];
  for (const { ref, role } of adds) {
    const id = users.get(ref)?.id as string;
    const now = current.get(id);
    if (now === role) note(`${ref} is already a member as ${role}.`);
    else {
      // A new role: the old membership goes and the new one comes in the same write.
      if (now !== undefined) removeMembers.push({ user_id_v2: id, team_role: now });
      addMembers.push({ user_id_v2: id, team_role: role });
    }
  }
  for (const ref of remove) {
    const id = users.get(ref)?.id as string;
    const now = current.get(id);
    if (now === undefined) note(`${ref} is not a member of the team.`);
    else removeMembers.push({ user_id_v2: id, team_role: now });
  }
  return { addMembers, removeMembers };
}

export default defineVerb({
  name: 'update',
  summary: 'Rename a team, add or remove its apps and members',
  description:
    'Rename a team, or add and remove its apps and members.\n\n' +
    'secscan reads the team first (its version, apps and members) and sends the narrowest change: the ' +
    'members, the apps, the name, or the general update when apps and members both change. --version ' +
    'makes the change only if the team is still at that version. An app of another team is refused ' +
    'unless --force moves it. --add-member of a member with another role changes the role.',
  examples: [
    'secscan teams update Payments --add-app docs-site --remove-app ledger-service',
    'secscan teams update Payments --add-member member@initech.example:TEAM_ADMIN --remove-member collaborator@initech.example',
    'secscan teams update Web --add-app payments-api --force',
    'secscan teams update Payments --rename Billing --version 1',
  ],
  operations: [
    'ListTeams',
    'ReadTeam',
    'ListApps',
    'ListOrgRBACUsers',
    'UpdateTeam',
    'UpdateTeamApps',
    'UpdateTeamMembership',
    'UpdateTeamMetadata',
  ],
  args: [arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' })],
  options: {
    rename: text('--rename <name>', 'new name of the team'),
    addApp: list('--add-app <id>', 'add an app (repeatable)', { parser: appId(), complete: 'app' }),
    removeApp: list('--remove-app <id>', 'remove an app (repeatable)', { parser: appId(), complete: 'app' }),
    force: flag('--force', 'move an added app out of the team that holds it'),
    addMember: list('--add-member <user[:role]>', 'add a member, or change its role (repeatable)', {
      parser: memberRef(),
      complete: 'user',
    }),
    removeMember: list('--remove-member <user>', 'remove a member: e-mail or user id (repeatable)', {
      parser: userRef(),
      complete: 'user',
    }),
    version: parsed(
      '--version <n>',
      'change the team only if it is still at this version',
      int(0, Number.MAX_SAFE_INTEGER),
    ),
  },
  view: teamView,
  validate({ opts }) {
    const { addApp = [], removeApp = [], addMember = [], removeMember = [] } = opts;
    if (!addApp.length && !removeApp.length && !addMember.length && !removeMember.length && !opts.rename) {
      throw new UsageError(
        'nothing to change: give --rename, --add-app, --remove-app, --add-member or --remove-member',
      );
    }
    if (opts.force && !addApp.length) throw new UsageError('--force moves apps given with --add-app');
    const both = addApp.filter((a) => removeApp.includes(a));
    if (both.length) throw new UsageError(`--add-app and --remove-app both name ${both.join(', ')}`);
    const users = addMember.map((m) => splitRole(m).ref).filter((u) => removeMember.includes(u));
    if (users.length) throw new UsageError(`--add-member and --remove-member both name ${users.join(', ')}`);
  },
  async run(ctx, { args: [ref], opts }) {
    const client = await ctx.client();
    const { id } = await resolveTeam(client, ref);
    let team = await client.call('ReadTeam', { path: { rbacTeamID: id } });
    if (opts.version !== undefined && opts.version !== team.version) {
      throw new RejectedError(
        `team ${team.team_name} is at version ${team.version}, not ${opts.version}: not changed`,
        ExitCode.rejected,
        409,
        undefined,
        `see what changed with \`secscan teams show ${id}\``,
      );
    }
    const note = (message: string) => ctx.note(message);
    const apps = new Set(team.applications);
    const [addApps, present] = split(opts.addApp, (a) => !apps.has(a));
    const [removeApps, absent] = split(opts.removeApp, (a) => apps.has(a));
    for (const a of present) note(`${a} is already in the team.`);
    for (const a of absent) note(`${a} is not in the team.`);
    const moves = await checkApps(client, id, addApps, opts.force ?? false);
    const { addMembers, removeMembers } = await memberChanges(
      client,
      team,
      opts.addMember ?? [],
      opts.removeMember ?? [],
      note,
    );
    const rename = opts.rename !== undefined && opts.rename !== team.team_name ? opts.rename : undefined;
    const appsChange = addApps.length > 0 || removeApps.length > 0;
    const membersChange = addMembers.length > 0 || removeMembers.length > 0;
    if (!appsChange && !membersChange && rename === undefined) {
      ctx.note('No changes.');
      return { kind: 'object', item: team };
    }
    const version = opts.version ?? team.version;
    const path = { rbacTeamID: id };
    const verify = checkWith(`secscan teams show ${id}`);
    const appsBody = {
      ...(addApps.length ? { add_applications: addApps } : {}),
      ...(removeApps.length ? { remove_applications: removeApps } : {}),
      ...(moves.length ? { force_app_inclusion: true } : {}),
    };
    const membersBody = {
      ...(addMembers.length ? { add_team_membership: addMembers } : {}),
      ...(removeMembers.length ? { remove_team_membership: removeMembers } : {}),
    };
    if (appsChange && membersChange) {
      team = await withConflictHint(id, () =>
        client.call('UpdateTeam', { path, body: { version, ...appsBody, ...membersBody }, verify }),
      );
    } else if (appsChange) {
      team = await withConflictHint(id, () =>
        client.call('UpdateTeamApps', { path, body: { version, ...appsBody }, verify }),
      );
    } else if (membersChange) {
      team = await withConflictHint(id, () =>
        client.call('UpdateTeamMembership', { path, body: { version, ...membersBody }, verify }),
      );
    }
    for (const move of moves) ctx.note(`Moved ${move.app} from team ${move.fromName}.`);
    if (rename !== undefined) {
      const first = appsChange || membersChange;
      const current = first ? team.version : version;
      const changed = team;
      try {
        team = await withConflictHint(id, () =>
          client.call('UpdateTeamMetadata', {
            path,
            body: { version: current, change_name: rename },
            verify: checkWith(`secscan teams show ${id}`),
          }),
        );
      } catch (error) {
        // Two writes: the first was made; say so, and what became of the rename.
        if (first) {
          const outcome =
            exitCodeFor(error) === ExitCode.transient ? 'may or may not have been made' : 'was not made';
          ctx.warn(
            `the ${[appsChange ? 'apps' : '', membersChange ? 'members' : ''].filter(Boolean).join(' and ')} ` +
              `of team ${changed.team_name} were changed (version ${changed.version}); the rename to ${rename} ${outcome}`,
          );
        }
        throw error;
      }
    }
    ctx.note(`Updated team ${team.team_name} (version ${team.version}).`);
    return { kind: 'object', item: team };
  },
});
