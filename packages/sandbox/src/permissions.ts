import type { Operation } from '@secscan/api/operation';
import { superAdminAlias } from './roles.js';
import type { SandboxState, TeamMember, TokenRecord, UserRecord } from './state.js';

/** Who is calling: the token, and its owner (user tokens) or creator (org tokens). */
export interface Caller {
  token: TokenRecord;
  user: UserRecord;
}

/** Path parameters that widen a user's scopes through team membership. */
export interface ScopeContext {
  appID?: string;
  rbacTeamID?: string;
}

export function roleByAlias(state: SandboxState, alias: string) {
  return state.rbac.roles.find((role) => role.id_aliases?.includes(alias));
}

export function isSuperAdmin(caller: Caller): boolean {
  return caller.token.kind === 'user' && caller.user.org_role === superAdminAlias;
}

/** Scopes of an org token's role: a managed role, or a custom organization role. */
export function tokenRoleScopes(state: SandboxState, roleId: string | undefined): string[] {
  if (!roleId) return [];
  const managed = state.tokens.roles.find((role) => role.id === roleId);
  if (managed) return managed.scopes;
  return (
    state.rbac.roles.find((role) => role.id === roleId && role.role_type === 'organization')?.scopes ?? []
  );
}

/** TEAM_ADMIN, TEAM_MEMBER and TEAM_GUEST are built-in role aliases; TEAM_MANAGER is a team admin who may update the team. */
export function teamRoleScopes(state: SandboxState, teamRole: string): string[] {
  if (teamRole === 'TEAM_MANAGER') return [...teamRoleScopes(state, 'TEAM_ADMIN'), 'teams:update'];
  const role = state.rbac.roles.find((r) => r.id === teamRole || r.id_aliases?.includes(teamRole));
  return role?.scopes ?? [];
}

export function membership(state: SandboxState, teamId: string, userId: string): TeamMember | undefined {
  return state.rbac.teams.find((t) => t.team_id === teamId)?.users.find((u) => u.user_id_v2 === userId);
}

/** The scopes the caller holds in the organization, as listed by its role. */
export function orgScopes(state: SandboxState, caller: Caller): string[] {
  if (caller.token.kind === 'org') return tokenRoleScopes(state, caller.token.role_id);
  return roleByAlias(state, caller.user.org_role)?.scopes ?? [];
}

/** The caller's scopes in the context of an app or a team: the org role's, plus the team role's (additive). */
export function effectiveScopes(state: SandboxState, caller: Caller, context: ScopeContext): string[] {
  const base = orgScopes(state, caller);
  if (caller.token.kind === 'org') return sorted(base);
  let teamId = context.rbacTeamID;
  if (context.appID !== undefined) teamId = state.apps.find((app) => app.id === context.appID)?.team_id;
  const member = teamId ? membership(state, teamId, caller.user.id_v2) : undefined;
  // TEAM_DEFINED limits the user to the apps of the user's teams.
  if (context.appID !== undefined && !member && caller.user.org_role === 'TEAM_DEFINED') return [];
  return sorted([...base, ...(member ? teamRoleScopes(state, member.team_role) : [])]);
}

/**
 * The apps a caller may see in app and findings listings: a TEAM_DEFINED user only the apps of the user's
 * teams (RBAC); undefined when nothing is hidden.
 */
export function visibleApps(state: SandboxState, caller: Caller): Set<string> | undefined {
  if (caller.token.kind !== 'user' || caller.user.org_role !== 'TEAM_DEFINED') return undefined;
  const teams = new Set(
    state.rbac.teams
      .filter((t) => t.users.some((u) => u.user_id_v2 === caller.user.id_v2))
      .map((t) => t.team_id),
  );
  return new Set(state.apps.filter((a) => a.team_id !== undefined && teams.has(a.team_id)).map((a) => a.id));
}

/** A findings cache key part: what the caller may see changes what a query returns. */
export function visibilityKey(visible: Set<string> | undefined): Record<string, string> {
  return visible ? { visibleApps: [...visible].sort().join(',') } : {};
}

export function scopeHeld(held: readonly string[], required: string): boolean {
  const resource = required.slice(0, required.indexOf(':'));
  return held.includes(required) || held.includes(`${resource}:*`);
}

/** The first scope of the operation the caller lacks, if any. */
export function missingScope(
  state: SandboxState,
  caller: Caller,
  op: Operation,
  context: ScopeContext,
): string | undefined {
  // Super Admin is the organization's administrator: its listed scopes alone would not even let it read an app.
  if (isSuperAdmin(caller) || op.scopes.length === 0) return undefined;
  const held = effectiveScopes(state, caller, context);
  return op.scopes.find((scope) => !scopeHeld(held, scope));
}

function sorted(scopes: string[]): string[] {
  return [...new Set(scopes)].sort();
}
