import { defineView } from '../core/view.js';

type Row = Record<string, unknown>;
type Member = { user_id_v2?: string; team_role?: string; email?: string; role_name?: string };

const membersOf = (r: Row): Member[] | undefined =>
  (Array.isArray(r.users) ? r.users : Array.isArray(r.members) ? r.members : undefined) as
    Member[] | undefined;

/** `teams list`: what the team listing answers. */
export const teamListView = defineView<Row>({
  columns: [
    { key: 'team_id', header: 'ID', priority: 3 },
    { key: 'team_name', header: 'NAME', max: 60 },
    { key: 'team_version', header: 'VERSION', priority: 2 },
  ],
  emptyMessage: 'No teams.',
});

/** `teams list --members`: each team as read, its apps and members counted (listed in JSON and YAML). */
export const teamMembersListView = defineView<Row>({
  columns: [
    ...teamListView.columns,
    {
      key: 'applications',
      header: 'APPS',
      priority: 2,
      get: (r) => (Array.isArray(r.applications) ? r.applications.length : undefined),
    },
    { key: 'members', header: 'MEMBERS', priority: 2, get: (r) => membersOf(r)?.length },
  ],
  emptyMessage: teamListView.emptyMessage,
});

/** One team: apps and members (by e-mail, with their role's name) one per line in the detail view. */
export const teamView = defineView<Row>({
  columns: [
    { key: 'team_id', header: 'ID', priority: 3 },
    { key: 'team_name', header: 'Name' },
    { key: 'version', header: 'Version' },
    {
      key: 'applications',
      header: 'Apps',
      get: (r) => (Array.isArray(r.applications) ? r.applications.join('\n') : ''),
    },
    {
      key: 'users',
      header: 'Members',
      get: (r) =>
        (membersOf(r) ?? [])
          .map((m) => `${m.email ?? m.user_id_v2 ?? ''}  ${m.role_name ?? m.team_role ?? ''}`)
          .join('\n'),
    },
  ],
});

type GroupTeam = { team_name?: string; role?: string };

const groupTeams = (r: Row): string =>
  (Array.isArray(r.teams) ? (r.teams as GroupTeam[]) : [])
    .map((t) => `${t.team_name ?? ''} (${t.role ?? ''})`)
    .join(', ');

const memberCount = (r: Row) => (Array.isArray(r.members) ? r.members.length : undefined);

export const groupListView = defineView<Row>({
  columns: [
    { key: 'group_id', header: 'ID', priority: 3 },
    { key: 'group_name', header: 'NAME', max: 40 },
    { key: 'members', header: 'MEMBERS', priority: 2, get: memberCount },
    { key: 'teams', header: 'TEAMS', get: groupTeams, max: 60 },
  ],
  emptyMessage: 'No groups.',
});

/** The groups of one team: `team_role` is the group's role in that team. */
export const teamGroupListView = defineView<Row>({
  columns: [
    { key: 'group_id', header: 'ID', priority: 3 },
    { key: 'group_name', header: 'NAME', max: 40 },
    { key: 'team_role', header: 'ROLE', priority: 1 },
    { key: 'members', header: 'MEMBERS', priority: 2, get: memberCount },
  ],
  emptyMessage: 'The team has no groups.',
});

type GroupMember = { user_id_v2?: string; user_id?: string; email?: string };

export const groupView = defineView<Row>({
  columns: [
    { key: 'group_id', header: 'ID', priority: 3 },
    { key: 'group_name', header: 'Name' },
    { key: 'teams', header: 'Teams', get: groupTeams },
    {
      key: 'members',
      header: 'Members',
      get: (r) =>
        (Array.isArray(r.members) ? (r.members as GroupMember[]) : [])
          .map((m) => `${m.email ?? ''}  ${m.user_id_v2 ?? m.user_id ?? ''}`)
          .join('\n'),
    },
  ],
});
