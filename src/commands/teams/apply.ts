import { uuidPattern } from '@secscan/api/values';
import type { Context } from '../../context.js';
import { notFoundError, UsageError } from '../../errors.js';
import type { AccessChange } from '../../access/plan.js';
import { accessChangeView, changeLine, planText } from '../../output/views/access.js';
import type { Result } from '../../output/core/result.js';
import type { AccessPlanDocument } from '../../output/export/document.js';
import { accessPlanDocument } from '../../output/export/texts.js';
import { arg, defineVerb, flag } from '../define.js';
import { readInput } from '../shared/files.js';
import { lookupUsers, userEmails } from '../shared/users.js';
import { type AccessFile, parseAccessFile } from '../../access/file.js';
import { readGroups, readRoles, readTeams, type RoleBook } from '../../access/state.js';
import { executePlan } from '../../access/execute.js';
import {
  changesOf,
  type DesiredTeam,
  type Labels,
  planAccess,
  removes,
  type TeamPlan,
} from '../../access/plan.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function result(changes: AccessChange[]): Result<AccessChange, AccessPlanDocument> {
  return { kind: 'document', document: { type: 'access-plan', changes } };
}

/** Group ids by the names or ids the file gives: the exact name first, then any case. */
function groupIndex(groups: readonly { group_id: string; group_name: string }[]) {
  return (ref: string): string | 'ambiguous' | undefined => {
    if (uuidPattern.test(ref)) return groups.some((g) => g.group_id === ref) ? ref : undefined;
    for (const same of [(n: string) => n === ref, (n: string) => n.toLowerCase() === ref.toLowerCase()]) {
      const matches = groups.filter((g) => same(g.group_name));
      if (matches.length > 1) return 'ambiguous';
      if (matches[0]) return matches[0].group_id;
    }
    return undefined;
  };
}

/**
 * The file's teams with ids and role keys. Everything unknown (apps, e-mails, groups, roles) is one
 * not-found error naming each, before anything is written.
 */
async function desiredTeams(
  ctx: Context,
  file: AccessFile,
  label: string,
  roles: RoleBook,
): Promise<{
  desired: DesiredTeam[];
  holders: Map<string, string | undefined>;
  emails: Map<string, string>;
  groupNames: Map<string, string>;
}> {
  const client = await ctx.client();
  const wantsGroups = file.teams.some((t) => t.groups && Object.keys(t.groups).length);
  const [apps, groups, users] = await Promise.all([
    client.call('ListApps'),
    wantsGroups ? readGroups(client) : Promise.resolve([]),
    lookupUsers(
      client,
      file.teams.flatMap((t) => Object.keys(t.members ?? {})),
    ),
  ]);
  const holders = new Map(apps.map((a) => [a.id, a.team_id || undefined]));
  const group = groupIndex(groups);
  const problems = new Set<string>();
  const role = (team: string, ref: string): string => {
    const key = roles.resolve(ref);
    if (key === undefined) problems.add(`role ${ref} (team ${team})`);
    return key ?? ref;
  };
  for (const email of users.unknown) problems.add(`e-mail ${email}`);
  const desired = file.teams.map((t) => {
    for (const app of t.apps ?? []) if (!holders.has(app)) problems.add(`app ${app}`);
    const members = t.members
      ? new Map(
          Object.entries(t.members).map(([ref, r]): [string, string] => [
            users.found.get(ref)?.id ?? ref,
            role(t.name, r),
          ]),
        )
      : undefined;
    const teamGroups = t.groups
      ? new Map(
          Object.entries(t.groups).map(([ref, r]): [string, string] => {
            const id = group(ref);
            if (id === 'ambiguous') problems.add(`group ${ref} (several groups have that name: give its id)`);
            else if (id === undefined) problems.add(`group ${ref}`);
            return [id === 'ambiguous' || id === undefined ? ref : id, role(t.name, r)];
          }),
        )
      : undefined;
    return {
      name: t.name,
      ...(t.apps ? { apps: [...new Set(t.apps)] } : {}),
      ...(members ? { members } : {}),
      ...(teamGroups ? { groups: teamGroups } : {}),
    };
  });
  if (problems.size) {
    throw notFoundError(
      `${label} names what the organization does not have: ${[...problems].join('; ')}`,
      'nothing was changed: correct the file (`secscan users list --email`, `secscan apps list`, `secscan groups list`, `secscan roles list`)',
    );
  }
  const emails = new Map(
    [...users.found].flatMap(([ref, u]) => (uuidPattern.test(ref) ? [] : [[u.id, ref] as [string, string]])),
  );
  const groupNames = new Map(groups.map((g) => [g.group_id, g.group_name]));
  return { desired, holders, emails, groupNames };
}

async function labelsFor(
  ctx: Context,
  plans: readonly TeamPlan[],
  teams: ReadonlyMap<string, string>,
  emails: Map<string, string>,
  groups: Map<string, string>,
  roles: RoleBook,
): Promise<Labels> {
  // Members the file does not name (removed with --prune) are labelled from the user listing, when there is one.
  const unnamed = plans.some((p) =>
    [...p.removeMembers.keys(), ...p.changedMembers.keys()].some((id) => !emails.has(id)),
  );
  const listed = unnamed ? await userEmails(await ctx.client()) : undefined;
  return {
    team: (id) => teams.get(id) ?? id,
    user: (id) => emails.get(id) ?? listed?.get(id) ?? id,
    group: (id) => groups.get(id) ?? id,
    role: (key) => roles.label(key),
  };
}

export default defineVerb({
  name: 'apply',
  summary: 'Make the teams match an access file: print the plan, then apply it',
  description:
    'Make the teams match an access file as written by `secscan teams export` (YAML or JSON; - reads ' +
    'standard input): secscan compares the file with the service, prints the plan (teams to create, ' +
    'apps, members and groups to add or remove, roles to change, apps that move between teams), then ' +
    'applies it.\n\n' +
    'A role is TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST, a role id or the name of a custom team ' +
    'role; one written like a built-in role that is none of these (TEAM_EMPEROR, or an organization role ' +
    'such as SUPER_ADMIN) is refused at its line before any request (exit 3), as a malformed file is. ' +
    'Unknown e-mails, apps, groups or role names, and an app listed under two teams, are errors before ' +
    'anything is written. The plan is applied in a safe order (create, grant, revoke, delete) with ' +
    'each team’s version handled. A second apply of the same file prints "No changes." and writes ' +
    'nothing. If a write fails, the output says what was applied and what was not; running apply ' +
    'again finishes the job.\n\n' +
    'Without --prune nothing absent from the file is removed; with it, teams absent from the file are ' +
    'deleted and, in each team, what the file’s apps, members and groups keys leave out (a key left ' +
    'out entirely is not managed).',
  examples: [
    'secscan teams apply access.yml --dry-run',
    'secscan teams apply access.yml',
    'secscan teams apply access.yml --prune --yes -o json',
  ],
  operations: [
    'ListOrgRBACRoles',
    'ListTeams',
    'ReadTeam',
    'ListGroups',
    'ListApps',
    'ListHumanGroups',
    'ListOrgRBACUsers',
    'CreateTeam',
    'UpdateTeam',
    'UpdateTeamApps',
    'UpdateTeamMembership',
    'UpdateTeamMetadata',
    'UpsertGroup',
    'RemoveGroupFromTeam',
    'DeleteTeam',
  ],
  args: [arg('file', 'access file (YAML or JSON), or - for standard input', { complete: 'file' })],
  options: {
    dryRun: flag('--dry-run', 'print the plan; change nothing'),
    prune: flag('--prune', 'also remove what the file leaves out, and delete teams it does not list'),
  },
  document: accessPlanDocument,
  view: accessChangeView,
  async run(ctx, { args: [path], opts }) {
    const label = path === '-' ? 'stdin' : path;
    const file = parseAccessFile(await readInput(ctx, path), label);
    const client = await ctx.client();
    const prune = opts.prune ?? false;
    const roles = await readRoles(client);
    // Without --prune only the teams the file names matter.
    const named = new Set(file.teams.map((t) => t.name.toLowerCase()));
    const [{ teams: current, names }, wanted] = await ctx.spin('Reading teams', () =>
      Promise.all([
        readTeams(client, roles, (name) => prune || named.has(name.toLowerCase())),
        desiredTeams(ctx, file, label, roles),
      ]),
    );
    const twice = [...named].filter((n) => current.filter((t) => t.name.toLowerCase() === n).length > 1);
    if (twice.length) {
      throw new UsageError(
        `several teams are named ${twice.join(', ')}: the file cannot say which one it means`,
        { hint: 'rename all but one with `secscan teams update ID --rename NAME`, then apply again' },
      );
    }
    const plans = planAccess(wanted.desired, current, wanted.holders, prune);
    const groupNames = new Map([...current.flatMap((t) => [...t.groupNames]), ...wanted.groupNames]);
    const labels = await labelsFor(ctx, plans, names, wanted.emails, groupNames, roles);
    const rows = new Map(plans.map((p) => [p, changesOf([p], labels)]));
    const changes = [...rows.values()].flat();
    if (!changes.length) {
      ctx.note('No changes.');
      return result([]);
    }
    const summary = `${plural(changes.length, 'change')} to ${plural(plans.length, 'team')}`;
    if (opts.dryRun) {
      ctx.note(`Dry run: ${summary}; nothing was changed.`);
      return result(changes);
    }
    if (removes(plans) && !ctx.globals.yes) {
      if (ctx.interactive) ctx.note(planText(changes, await ctx.stderrChalk()).trimEnd());
      const removals = changes.filter((c) => c.action === 'remove' || c.action === 'delete').length;
      await ctx.confirm(`Apply ${summary}, of which ${plural(removals, 'removal')}?`);
    }
    try {
      await executePlan(client, plans, rows);
    } catch (error) {
      const applied = changes.filter((c) => c.status === 'applied');
      const unknown = changes.filter((c) => c.status === 'unknown');
      const missing = changes.filter((c) => c.status === 'planned');
      for (const c of missing) c.status = 'not applied';
      const list = (title: string, cs: AccessChange[]) =>
        cs.length ? [title, ...cs.map((c) => `  team ${c.team}: ${changeLine(c)}`)] : [];
      ctx.warn([
        `the apply stopped: ${plural(applied.length, 'change')} applied, ${plural(missing.length, 'change')} not applied` +
          `${unknown.length ? `, ${plural(unknown.length, 'change')} of unknown outcome` : ''}`,
        ...list('applied:', applied),
        ...list('unknown (the answer was lost; it may have been applied):', unknown),
        ...list('not applied:', missing),
        `run \`secscan teams apply ${path}\` again to finish: it applies only what is still missing`,
      ]);
      throw error;
    }
    ctx.note(`Applied ${summary}.`);
    return result(changes);
  },
});
