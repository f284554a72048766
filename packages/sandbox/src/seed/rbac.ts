import type { Prng } from '../random.js';
import { expandScopes } from '../roles.js';
import type { OrgSection, RoleRecord, TeamRecord, UserRecord } from '../state.js';

export function seedCustomRoles(rng: Prng, org: OrgSection): { team: RoleRecord; organization: RoleRecord } {
  return {
    team: {
      id: rng.uuid(),
      name: 'Release Manager',
      description: 'Triages the findings of the team before a release',
      scopes: expandScopes(
        'scans:read, findings:{list,read}, finding_status:update, finding_assign:update, comments:{create,list}',
      ),
      role_type: 'team',
      organization_id: org.id,
    },
    organization: {
      id: rng.uuid(),
      name: 'Security Auditor',
      description: 'Reads every app, scan, finding and report',
      scopes: expandScopes('apps:list, project:read, findings:*, scans:read, reports:read, org:read'),
      role_type: 'organization',
      organization_id: org.id,
    },
  };
}

/** Memberships by org role: team name -> [org role of the member, team role]. */
const memberships: Record<string, [string, string][]> = {
  Payments: [
    ['TEAM_DEFINED', 'TEAM_MEMBER'],
    ['LEGACY_COLLABORATOR', 'TEAM_MANAGER'],
  ],
  Web: [
    ['MEMBER', 'TEAM_ADMIN'],
    ['POWER_USER', 'custom:team'],
  ],
  Platform: [['GUEST', 'TEAM_GUEST']],
};

export function seedTeams(rng: Prng, users: readonly UserRecord[], customTeamRole: RoleRecord): TeamRecord[] {
  return Object.entries(memberships).map(([name, members]) => ({
    team_id: rng.uuid(),
    team_name: name,
    version: rng.int(1, 5),
    users: members.map(([orgRole, teamRole]) => ({
      user_id_v2: users.find((u) => u.org_role === orgRole)?.id_v2 as string,
      team_role: teamRole === 'custom:team' ? customTeamRole.id : teamRole,
    })),
  }));
}
