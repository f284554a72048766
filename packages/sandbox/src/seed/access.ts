import { nameUuid } from '../random.js';
import { builtInRoles } from '../roles.js';
import type {
  GroupRecord,
  InvitationRecord,
  OrgSection,
  SamlSection,
  TeamRecord,
  UserRecord,
} from '../state.js';
import { seedEpoch } from './people.js';

const day = 86_400;

/** Groups by name: the org roles of their members, and the teams they belong to with a team role. */
const groups: Record<string, { members: string[]; teams: [string, string][] }> = {
  Developers: { members: ['MEMBER', 'POWER_USER', 'TEAM_DEFINED'], teams: [['Web', 'TEAM_MEMBER']] },
  'Security Champions': { members: ['SUPER_ADMIN', 'GUEST'], teams: [['Payments', 'TEAM_ADMIN']] },
  Auditors: { members: ['GUEST'], teams: [] },
};

/** Ids derive from the organization, so the seed's random sequence (and every other seeded id) is unchanged. */
export function seedGroups(org: OrgSection, users: readonly UserRecord[], teams: readonly TeamRecord[]) {
  return Object.entries(groups).map(([name, spec]): GroupRecord => ({
    group_id: nameUuid(`${org.id}:group:${name}`),
    group_name: name,
    members: spec.members.flatMap((role) => users.find((u) => u.org_role === role)?.id_v2 ?? []),
    teams: spec.teams.flatMap(([team, role]) => {
      const id = teams.find((t) => t.team_name === team)?.team_id;
      return id ? [{ team_id: id, team_role: role }] : [];
    }),
  }));
}

export function orgDomain(users: readonly UserRecord[]): string {
  return users[0]?.email.split('@')[1] ?? 'example.com';
}

export function seedInvitations(users: readonly UserRecord[]): InvitationRecord[] {
  const roleId = (alias: string) => builtInRoles().find((r) => r.id_aliases?.includes(alias))?.id ?? '';
  return [
    {
      email: `new.hire@${orgDomain(users)}`,
      name: 'New Hire',
      role_id: roleId('MEMBER'),
      invited_at: seedEpoch + 40 * day,
    },
    {
      email: 'contractor@partner.example',
      name: 'Contractor',
      role_id: roleId('TEAM_DEFINED'),
      invited_at: seedEpoch + 45 * day,
    },
  ];
}

export function seedSaml(users: readonly UserRecord[]): SamlSection {
  const domain = orgDomain(users);
  return {
    configs: [
      {
        name: 'corp-sso',
        idp_metadata_url: `https://idp.${domain}/metadata`,
        allow_implicit_invites: false,
        default_org_role: 'TEAM_DEFINED',
        sign_auth_requests: false,
        allow_idp_initiated_logins: false,
      },
    ],
    domains: [domain],
  };
}
