import type { ApiClient } from '../api/client.js';
import type { Scheduler } from '../api/scheduler.js';
import type { RbacRole } from '@secscan/api/schemas/rbac';
import { type HumanGroup, teamMembers } from '@secscan/api/schemas/teams';
import { builtinLike } from '@secscan/api/values';
import { mapLimit } from '../util/batches.js';

/**
 * Team roles compared as one key whatever form the service or the file uses: a built-in role by its TEAM_
 * alias (whether given as alias or id), a custom team role by its id (given as id or name).
 */
export class RoleBook {
  private readonly byRef = new Map<string, string>();
  private readonly labels = new Map<string, string>();

  constructor(roles: readonly RbacRole[]) {
    this.add('TEAM_MANAGER', ['TEAM_MANAGER'], 'TEAM_MANAGER');
    for (const role of roles) {
      const aliases = role.id_aliases ?? [];
      if (aliases.length) {
        const key = aliases.find((a) => a.startsWith('TEAM_')) ?? (aliases[0] as string);
        this.add(key, [role.id, ...aliases], key);
      } else if (role.role_type !== 'organization') {
        const name = role.name ?? role.id;
        // A custom role named like a built-in one (AUDITOR) is written by id: the access file refuses such names.
        this.add(role.id, [role.id, name.toLowerCase()], builtinLike.test(name) ? role.id : name);
      }
    }
  }

  private add(key: string, refs: readonly string[], label: string): void {
    for (const ref of refs) if (!this.byRef.has(ref)) this.byRef.set(ref, key);
    this.labels.set(key, label);
  }

  /** The key of a role as the file or the service gives it; undefined when no role is known by it. */
  resolve(ref: string): string | undefined {
    return this.byRef.get(ref) ?? this.byRef.get(ref.toLowerCase());
  }

  /** A role from the service: its key, or the value as given when the listing does not know it. */
  key(ref: string): string {
    return this.resolve(ref) ?? ref;
  }

  /** How the access file writes a role: the alias of a built-in role, the name of a custom one. */
  label(key: string): string {
    return this.labels.get(key) ?? key;
  }
}

/** A team as the service holds it, roles as keys. */
export interface CurrentTeam {
  id: string;
  name: string;
  version: number;
  apps: string[];
  members: Map<string, string>;
  groups: Map<string, string>;
  /** Names of the team's groups, by id. */
  groupNames: Map<string, string>;
}

/**
 * The readable teams (those whose name `wanted` accepts, all by default) with their apps, members and
 * groups: the listing, then each team and its groups, `concurrency` teams at a time (or as many as the
 * scheduler given lets run).
 */
export async function readTeams(
  client: ApiClient,
  roles: RoleBook,
  wanted: (name: string) => boolean = () => true,
  concurrency: number | Pick<Scheduler, 'map'> = 4,
): Promise<{ teams: CurrentTeam[]; names: Map<string, string> }> {
  const listed = (await client.allPages('ListTeams', { query: { no_members: true } })).flat();
  const names = new Map(listed.map((t) => [t.team_id, t.team_name]));
  const rows = listed.filter((t) => wanted(t.team_name));
  const read = async (row: (typeof rows)[number]): Promise<CurrentTeam> => {
    const path = { rbacTeamID: row.team_id };
    const [team, groups] = await Promise.all([
      client.call('ReadTeam', { path }),
      client.call('ListGroups', { path }),
    ]);
    return {
      id: team.team_id,
      name: team.team_name,
      version: team.version,
      apps: [...new Set(team.applications)],
      members: new Map(teamMembers(team).map((u) => [u.user_id_v2, roles.key(u.team_role)])),
      groups: new Map(
        groups.map((g) => [
          g.group_id,
          roles.key(g.teams.find((t) => t.team_id === team.team_id)?.role ?? ''),
        ]),
      ),
      groupNames: new Map(groups.map((g) => [g.group_id, g.group_name || g.group_id])),
    };
  };
  // Under a scheduler (teams export), each team is an item of its progress.
  const teams =
    typeof concurrency === 'number'
      ? await mapLimit(rows, concurrency, read)
      : await concurrency.map(rows, read);
  return { teams, names };
}

export async function readRoles(client: ApiClient): Promise<RoleBook> {
  return new RoleBook(await client.call('ListOrgRBACRoles'));
}

/** Every human group (all pages). */
export async function readGroups(client: ApiClient): Promise<HumanGroup[]> {
  const all: HumanGroup[] = [];
  for await (const page of client.pages('ListHumanGroups', { query: { no_members: true } })) {
    all.push(...page.groups);
  }
  return all;
}
