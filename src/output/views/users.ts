import { defineView } from '../core/view.js';

type Row = Record<string, unknown>;
type Membership = {
  team_id?: string;
  team_name?: string;
  role?: string;
  role_name?: string;
  role_aliases?: string[] | null;
};

const memberships = (r: Row): Membership[] =>
  Array.isArray(r.team_membership) ? (r.team_membership as Membership[]) : [];

/** A role's alias: the TEAM_ one in a team (Power User is TEAM_ADMIN there), the other in the organization. */
const roleLabel = (m: Membership): string => {
  const aliases = m.role_aliases ?? [];
  const inTeam = Boolean(m.team_id);
  return aliases.find((a) => a.startsWith('TEAM_') === inTeam) ?? aliases[0] ?? m.role_name ?? m.role ?? '';
};

/** The organization role is the membership entry without a team. */
export const userView = defineView<Row>({
  columns: [
    // The e-mail names the user: at 80 columns the id gives way before the role and the teams do.
    { key: 'id_v2', header: 'ID', priority: 9 },
    { key: 'email', header: 'EMAIL' },
    { key: 'name', header: 'NAME', priority: 2, max: 40 },
    {
      key: 'org_role',
      header: 'ORG ROLE',
      // A role's alias, such as LEGACY_COLLABORATOR: cut, it names no role.
      shrink: false,
      get: (r) => {
        const entry = memberships(r).find((m) => !m.team_id);
        return entry ? roleLabel(entry) : '';
      },
    },
    {
      key: 'teams',
      header: 'TEAMS',
      get: (r) =>
        memberships(r)
          .filter((m) => m.team_id)
          .map((m) => `${m.team_name ?? m.team_id} (${roleLabel(m)})`)
          .join(', '),
      // Cut rather than left out: the start of the list says which teams.
      min: 12,
    },
  ],
  emptyMessage: 'No user has that e-mail.',
});

/**
 * `invited_utc_timestamp` is in nanoseconds. The role is given by id: `names` (from the role listing)
 * shows it as a person knows it, MEMBER or a custom role's name.
 */
export function invitationView(names: ReadonlyMap<string, string> = new Map()) {
  return defineView<Row>({
    columns: [
      { key: 'email', header: 'EMAIL' },
      { key: 'name', header: 'NAME', priority: 2, max: 40 },
      {
        key: 'role',
        header: 'ROLE',
        get: (r) => (typeof r.role === 'string' ? (names.get(r.role) ?? r.role) : r.role),
      },
      {
        key: 'invited',
        header: 'INVITED',
        priority: 3,
        get: (r) =>
          typeof r.invited_utc_timestamp === 'number' && r.invited_utc_timestamp > 0
            ? new Date(Math.floor(r.invited_utc_timestamp / 1e6)).toISOString()
            : '',
      },
      { key: 'role_id', header: 'ROLE ID', priority: 4, get: (r) => r.role },
    ],
    defaults: ['email', 'name', 'role', 'invited'],
    emptyMessage: 'No pending invitations.',
  });
}
