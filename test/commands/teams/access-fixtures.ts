import type { Cli } from '../../helpers/cli.js';
import { ok } from '../../helpers/cli.js';

/** A small organization as the service would show it, and stubs for the reads of export and apply. */
export const ids = {
  payments: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  web: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
  alice: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  bob: '3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e',
  carol: '4c5d6e7f-8a9b-4c0d-9e1f-3a4b5c6d7e8f',
  devs: '3f2e1d0c-9b8a-4776-8554-433221100fed',
  memberRole: 'c0ffee00-0000-4000-8000-000000000002',
  release: 'c0ffee00-0000-4000-8000-000000000003',
  /** A custom team role named like a built-in one. */
  auditor: 'c0ffee00-0000-4000-8000-000000000005',
};

export const roles = [
  {
    id: ids.memberRole,
    name: 'Member',
    role_type: 'vendor',
    id_aliases: ['MEMBER', 'TEAM_MEMBER'],
    scopes: [],
  },
  {
    id: 'c0ffee00-0000-4000-8000-000000000004',
    name: 'Power User',
    role_type: 'vendor',
    id_aliases: ['POWER_USER', 'TEAM_ADMIN'],
    scopes: [],
  },
  { id: ids.release, name: 'Release Manager', role_type: 'team', scopes: [] },
  { id: ids.auditor, name: 'AUDITOR', role_type: 'team', scopes: [] },
];

export interface Team {
  version: number;
  team_id: string;
  team_name: string;
  applications: string[];
  users: { user_id_v2: string; team_role: string }[];
  groups?: { group_id: string; group_name: string; role: string }[];
}

export const payments = (): Team => ({
  version: 3,
  team_id: ids.payments,
  team_name: 'Payments',
  applications: ['payments-api'],
  // The service may answer a built-in role by its id: it is the same role as TEAM_MEMBER.
  users: [{ user_id_v2: ids.alice, team_role: ids.memberRole }],
  groups: [{ group_id: ids.devs, group_name: 'Developers', role: 'TEAM_MEMBER' }],
});

export const web = (): Team => ({
  version: 7,
  team_id: ids.web,
  team_name: 'Web',
  applications: ['web-frontend', 'docs-site'],
  users: [
    { user_id_v2: ids.bob, team_role: 'TEAM_ADMIN' },
    { user_id_v2: ids.carol, team_role: ids.release },
  ],
});

export const emails: Record<string, string> = {
  [ids.alice]: 'alice@example.com',
  [ids.bob]: 'bob@example.com',
  [ids.carol]: 'carol@example.com',
};

/** The team reads: roles, the listing, and each team read (all by default) with its groups. */
export function stubTeams(cli: Cli, teams: Team[], read: Team[] = teams): void {
  cli.stub('ListOrgRBACRoles').reply(200, ok(roles));
  cli
    .stub('ListTeams', { query: { no_members: true } })
    .reply(200, ok(teams.map((t) => ({ team_id: t.team_id, team_name: t.team_name }))));
  for (const t of read) {
    const { groups = [], ...team } = t;
    cli.stub('ReadTeam', { path: { rbacTeamID: t.team_id } }).reply(200, ok(team));
    cli.stub('ListGroups', { path: { rbacTeamID: t.team_id } }).reply(
      200,
      ok(
        groups.map((g) => ({
          group_id: g.group_id,
          group_name: g.group_name,
          teams: [{ team_id: t.team_id, team_name: t.team_name, role: g.role }],
        })),
      ),
    );
  }
}

/** What apply reads besides the teams: apps (with their team), groups, and each e-mail of the file. */
export function stubDirectory(
  cli: Cli,
  options: { apps?: Record<string, string | undefined>; groups?: boolean; emails?: string[] },
): void {
  const apps = options.apps ?? {
    'payments-api': ids.payments,
    'web-frontend': ids.web,
    'docs-site': ids.web,
    ledger: undefined,
  };
  cli
    .stub('ListApps')
    .reply(200, ok(Object.entries(apps).map(([id, team]) => ({ id, ...(team ? { team_id: team } : {}) }))));
  if (options.groups) {
    cli.stub('ListHumanGroups', { query: { no_members: true } }).reply(
      200,
      ok({
        groups: [
          { group_id: ids.devs, group_name: 'Developers' },
          { group_id: 'g-auditors', group_name: 'Auditors' },
        ],
      }),
    );
  }
  for (const email of options.emails ?? []) {
    const id = Object.entries(emails).find(([, e]) => e === email)?.[0];
    cli
      .stub('ListOrgRBACUsers', { query: { email } })
      .reply(200, ok(id ? [{ id_v2: id, email, team_membership: [] }] : []));
  }
}
