import { nameUuid } from './random.js';
import type { ManagedRoleRecord, RoleRecord } from './state.js';

/** The role scope table of api-v4.md ("Built-in roles"), in its own compact notation. */
const builtInTable = [
  {
    name: 'Member',
    aliases: ['MEMBER', 'TEAM_MEMBER'],
    scopes:
      'apps:list, cold, findings:list, training, org:read, org_inspect_configuration:validate, notif, roles:list, ' +
      'subscriptions:read',
  },
  {
    name: 'Collaborator',
    aliases: ['LEGACY_COLLABORATOR'],
    scopes:
      'apps:list, findings:{list,read}, training, metrics:write, org:read, org_inspect_configuration:validate, ' +
      'org_invitations:list, org_runs:{create,read}, notif, scan_status:update, seats:{claim,list}, ' +
      'subscriptions:read, teams:list, tokens:create, uploads:write',
  },
  {
    name: 'Super Admin',
    aliases: ['SUPER_ADMIN'],
    scopes:
      'apps:list, auth_provider:*, blocked_seats:{list,update}, cold, findings:{list,read}, scm:install, ' +
      'scm_fork_demo:create, scm_repos:list, scm_user_repo:create, training, org:{delete,read,update}, ' +
      'org_alert_notification:{read,update}, org_configuration:{read,write}, ' +
      'org_inspect_configuration:{create,validate}, org_invitations:{create,delete,list}, org_metrics:read, ' +
      'org_user:list, notif, project:create, roles:{create,list}, saml_config:{create,delete,list,update}, ' +
      'seats:{claim,delete,list,write}, subscriptions:read, subscriptions_trial:update, ' +
      'teams:{create,delete,list}, tokens:{create,delete,list}, webhook:{read,write}',
  },
  {
    name: 'Guest',
    aliases: ['GUEST', 'TEAM_GUEST'],
    scopes:
      'apps:list, cold, findings:list, training, org:read, notif, reports:read, roles:list, subscriptions:read',
  },
  {
    name: 'Power User',
    aliases: ['POWER_USER', 'TEAM_ADMIN'],
    scopes:
      'apps:list, cold, findings:list, training, org:read, org_inspect_configuration:validate, org_user:list, ' +
      'notif, project:{create,delete,update}, roles:list, subscriptions:read, teams:list',
  },
  {
    name: 'Team Defined',
    aliases: ['TEAM_DEFINED'],
    scopes: 'apps:list, findings:list, org:read, reports:read, roles:list, subscriptions:read',
  },
] as const;

const shorthands: Record<string, string> = {
  notif: 'org_user_notification:{create,delete,read,update}',
  cold: 'cold_start_subscription:{read,update}',
  training: 'training:{login,read}',
};

/** Expands `a:{x,y}` and the 'notif', 'cold', 'training' shorthands into plain scopes. */
export function expandScopes(compact: string): string[] {
  const out: string[] = [];
  for (const raw of compact.split(/,(?![^{]*\})/)) {
    const item = shorthands[raw.trim()] ?? raw.trim();
    const m = /^(\w+):\{([^}]*)\}$/.exec(item);
    if (m) for (const action of (m[2] as string).split(',')) out.push(`${m[1]}:${action.trim()}`);
    else if (item) out.push(item);
  }
  return out;
}

export const superAdminAlias = 'SUPER_ADMIN';

export function builtInRoles(): RoleRecord[] {
  return builtInTable.map((role) => ({
    id: nameUuid(`role:${role.aliases[0]}`),
    name: role.name,
    description: '',
    scopes: expandScopes(role.scopes),
    role_type: 'vendor',
    id_aliases: [...role.aliases],
  }));
}

export const managedRoleNames = {
  ci: 'CI token',
  jira: 'Jira plugin',
  serviceAccount: 'Service Account',
} as const;

export type ManagedRoleKey = keyof typeof managedRoleNames;

/** Fixed ids: the managed roles are the same in every organization. */
export const managedRoleIds: Record<ManagedRoleKey, string> = {
  ci: nameUuid('managed-role:ci'),
  jira: nameUuid('managed-role:jira'),
  serviceAccount: nameUuid('managed-role:service-account'),
};

/** The roles an org token may carry. */
export function managedRoles(): Record<ManagedRoleKey, ManagedRoleRecord> {
  return {
    ci: {
      id: managedRoleIds.ci,
      label: managedRoleNames.ci,
      description: 'Runs the command-line scanner in CI: uploads code and reads its results',
      scopes: expandScopes(
        'apps:list, project:{read,create}, scans:read, findings:{list,read}, uploads:write, org_runs:create, ' +
          'check_analysis_configuration:read, sca:read, versions:{list,read}',
      ),
    },
    jira: {
      id: managedRoleIds.jira,
      label: managedRoleNames.jira,
      description: 'Integration role for the issue-tracker plugin',
      scopes: expandScopes(
        'apps:list, project:read, scans:read, findings:{list,read}, comments:{create,list}',
      ),
    },
    serviceAccount: {
      id: managedRoleIds.serviceAccount,
      label: managedRoleNames.serviceAccount,
      description: 'Integration role that may only issue CI tokens',
      scopes: expandScopes('tokens:{create,list}, roles:list'),
    },
  };
}
