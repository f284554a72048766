import { error, invalid, notFound, ReplyError } from './http.js';
import { type Caller, effectiveScopes, isSuperAdmin, scopeHeld } from './permissions.js';
import type { SandboxState, TeamMember, TeamRecord, UserRecord } from './state.js';

/** Team logic shared by the team, group, user and SAML routes. */

export function requireTeam(state: SandboxState, id: string): TeamRecord {
  const team = state.rbac.teams.find((t) => t.team_id === id);
  if (!team) throw new ReplyError(notFound(`no team has the id ${id}`));
  return team;
}

export function teamByName(state: SandboxState, name: string, except?: string): TeamRecord | undefined {
  const wanted = name.toLowerCase();
  return state.rbac.teams.find((t) => t.team_id !== except && t.team_name.toLowerCase() === wanted);
}

/** An app belongs to at most one team: the team is named on the app. */
export function teamApps(state: SandboxState, teamId: string): string[] {
  return state.apps.filter((a) => a.team_id === teamId).map((a) => a.id);
}

/**
 * The Team resource (ReadTeam and the team updates): the members as the specification names them (`users`)
 * and as the vendor document's schema does (`members`), the same list.
 */
export function teamView(state: SandboxState, team: TeamRecord) {
  return {
    version: team.version,
    team_id: team.team_id,
    team_name: team.team_name,
    applications: teamApps(state, team.team_id),
    users: team.users.map((u) => ({ ...u })),
    members: team.users.map((u) => ({ ...u })),
  };
}

export function canReadTeam(state: SandboxState, caller: Caller, teamId: string): boolean {
  if (isSuperAdmin(caller)) return true;
  return scopeHeld(effectiveScopes(state, caller, { rbacTeamID: teamId }), 'teams:read');
}

/** Every team write carries the team's current version; an older one is refused, never merged. */
export function checkVersion(team: TeamRecord, version: number): void {
  if (version !== team.version) {
    throw new ReplyError(
      error(
        409,
        'TEAM_VERSION_CONFLICT',
        `team ${team.team_name} is at version ${team.version}, not ${version}`,
      ),
    );
  }
}

/** TEAM_MANAGER, a built-in role's TEAM_ alias or id, or the id of a custom team role. */
export function isTeamRole(state: SandboxState, role: string): boolean {
  if (role === 'TEAM_MANAGER') return true;
  return state.rbac.roles.some(
    (r) =>
      (r.role_type === 'vendor' &&
        (r.id === role || r.id_aliases?.some((a) => a === role && /^TEAM_/.test(a)))) ||
      (r.role_type === 'team' && r.id === role),
  );
}

/** The role record a team or org role names (alias or id), for the user listing. */
export function roleInfo(
  state: SandboxState,
  role: string,
): { role: string; role_name: string; role_aliases: string[] } {
  if (role === 'TEAM_MANAGER') return { role, role_name: 'Team Manager', role_aliases: ['TEAM_MANAGER'] };
  const record = state.rbac.roles.find((r) => r.id === role || r.id_aliases?.includes(role));
  if (!record) return { role, role_name: role, role_aliases: [] };
  return { role: record.id, role_name: record.name, role_aliases: [...(record.id_aliases ?? [])] };
}

export function userById(state: SandboxState, id: string): UserRecord | undefined {
  return state.users.find((u) => u.id_v2 === id);
}

export function userByEmail(state: SandboxState, email: string): UserRecord | undefined {
  const wanted = email.toLowerCase();
  return state.users.find((u) => u.email.toLowerCase() === wanted);
}

/** Problems with members to add: unknown users, roles that are not team roles. */
export function memberProblems(state: SandboxState, field: string, members: readonly TeamMember[]): string[] {
  return members.flatMap((m, i) => [
    ...(userById(state, m.user_id_v2)
      ? []
      : [`${field}[${i}].user_id_v2: no user has the id ${m.user_id_v2}`]),
    ...(isTeamRole(state, m.team_role)
      ? []
      : [`${field}[${i}].team_role: ${m.team_role} is not a team role`]),
  ]);
}

/** Removals first, then additions; adding a member again sets the member's role. */
export function applyMembership(
  team: TeamRecord,
  add: readonly TeamMember[] = [],
  remove: readonly TeamMember[] = [],
): void {
  const removed = new Set(remove.map((m) => m.user_id_v2));
  team.users = team.users.filter((u) => !removed.has(u.user_id_v2));
  for (const member of add) {
    const existing = team.users.find((u) => u.user_id_v2 === member.user_id_v2);
    if (existing) existing.team_role = member.team_role;
    else team.users.push({ user_id_v2: member.user_id_v2, team_role: member.team_role });
  }
}

/**
 * Checks apps to add: each must exist, and one held by another team moves only with force (that team's
 * version is bumped too). Throws the reply; changes nothing.
 */
export function checkApps(
  state: SandboxState,
  team: TeamRecord | undefined,
  field: string,
  add: readonly string[],
  force: boolean,
): void {
  const unknown = add.filter((id) => !state.apps.some((a) => a.id === id));
  if (unknown.length) {
    throw new ReplyError(
      invalid(
        'invalid request body',
        unknown.map((id) => `${field}: no app has the id ${id}`),
      ),
    );
  }
  if (force) return;
  for (const id of add) {
    const holder = state.apps.find((a) => a.id === id)?.team_id;
    if (holder && holder !== team?.team_id) {
      const name = state.rbac.teams.find((t) => t.team_id === holder)?.team_name ?? holder;
      throw new ReplyError(
        error(
          409,
          'APP_IN_OTHER_TEAM',
          `app ${id} belongs to team ${name}: send force_app_inclusion to move it`,
        ),
      );
    }
  }
}

export function applyApps(
  state: SandboxState,
  team: TeamRecord,
  add: readonly string[] = [],
  remove: readonly string[] = [],
): void {
  for (const app of state.apps) {
    if (remove.includes(app.id) && app.team_id === team.team_id) delete app.team_id;
    if (add.includes(app.id) && app.team_id !== team.team_id) {
      const previous = state.rbac.teams.find((t) => t.team_id === app.team_id);
      if (previous) previous.version++;
      app.team_id = team.team_id;
    }
  }
}
