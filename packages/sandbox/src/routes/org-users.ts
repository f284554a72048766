import { error, type HandlerMap, invalid, notFound, ok } from '../http.js';
import { paginate } from '../paging.js';
import type { SandboxState, UserRecord } from '../state.js';
import { roleInfo, userById } from '../teams.js';

const sorts = ['name', 'email', 'role', 'joined'] as const;

/**
 * A row of ListOrgRBACUsers: the organization role is the `team_membership` entry with an empty team (as in
 * the vendor document's example), then one entry per team.
 */
function userRow(state: SandboxState, user: UserRecord) {
  return {
    name: user.name,
    email: user.email,
    id_v2: user.id_v2,
    team_membership: [
      { team_name: '', team_id: '', ...roleInfo(state, user.org_role) },
      ...state.rbac.teams.flatMap((team) => {
        const member = team.users.find((u) => u.user_id_v2 === user.id_v2);
        return member
          ? [{ team_name: team.team_name, team_id: team.team_id, ...roleInfo(state, member.team_role) }]
          : [];
      }),
    ],
  };
}

function sortKey(user: UserRecord, sort: string): string {
  if (sort === 'name') return user.name.toLowerCase();
  if (sort === 'role') return user.org_role;
  if (sort === 'joined') return String(user.last_logins[0] ?? 0).padStart(12, '0');
  return user.email.toLowerCase();
}

export const orgUserHandlers = {
  // `email` looks addresses up exactly; without it the organization is listed (`search`, `team`, `sort`).
  ListOrgRBACUsers: (ctx) => {
    const { state, query } = ctx;
    const emails = query.getAll('email').map((e) => e.toLowerCase());
    const search = query.get('search')?.toLowerCase();
    if (emails.length && search !== undefined) {
      return invalid('invalid query', ['search cannot be combined with email']);
    }
    const sort = query.get('sort') ?? 'email';
    if (!(sorts as readonly string[]).includes(sort)) {
      return invalid('invalid query', [`sort: expected one of ${sorts.join(', ')}`]);
    }
    const team = query.get('team');
    let users = state.users.filter(
      (u) =>
        (!emails.length || emails.includes(u.email.toLowerCase())) &&
        (search === undefined || `${u.name} ${u.email}`.toLowerCase().includes(search)) &&
        (!team ||
          state.rbac.teams.some((t) => t.team_id === team && t.users.some((m) => m.user_id_v2 === u.id_v2))),
    );
    users = users.sort((a, b) => sortKey(a, sort).localeCompare(sortKey(b, sort)));
    if (query.get('order') === 'desc') users.reverse();
    if (!query.has('page') && users.length <= 1000) return ok(users.map((u) => userRow(state, u)));
    const page = paginate(ctx, users, { defaultPerPage: 100, maxPerPage: 100 });
    return ok(
      page.items.map((u) => userRow(state, u)),
      { nextPage: page.nextPage },
    );
  },

  UpdateOrgUser: (ctx) => {
    const user = userById(ctx.state, ctx.params.userIDv2);
    if (!user) return notFound(`no user has the id ${ctx.params.userIDv2}`);
    user.org_role = ctx.body.org_role;
    ctx.save();
    return ok();
  },

  // Another Super Admin cannot be deleted, nor can the caller delete itself. The user leaves every team.
  DeleteOrgUser: (ctx) => {
    const { state, caller } = ctx;
    const user = userById(state, ctx.params.userIDv2);
    if (!user) return notFound(`no user has the id ${ctx.params.userIDv2}`);
    if (user.id_v2 === caller.user.id_v2) {
      return error(409, 'CANNOT_DELETE_SELF', 'a user cannot delete itself');
    }
    if (user.org_role === 'SUPER_ADMIN') {
      return error(
        409,
        'CANNOT_DELETE_FELLOW_ADMIN',
        'The target user is a fellow admin and cannot be deleted',
      );
    }
    state.users = state.users.filter((u) => u !== user);
    for (const team of state.rbac.teams) {
      if (team.users.some((u) => u.user_id_v2 === user.id_v2)) {
        team.users = team.users.filter((u) => u.user_id_v2 !== user.id_v2);
        team.version++;
      }
    }
    for (const group of state.groups) group.members = group.members.filter((id) => id !== user.id_v2);
    state.tokens.items = state.tokens.items.filter((t) => !(t.kind === 'user' && t.user_id === user.id_v2));
    ctx.save();
    return ok();
  },

  // `invited_utc_timestamp` is in nanoseconds, as the vendor document says.
  ListOrgRBACInvitations: (ctx) => {
    const { state, query } = ctx;
    const search = query.get('search')?.toLowerCase();
    const sort = query.get('sort') ?? 'email';
    const items = state.invitations
      .filter((i) => search === undefined || `${i.name} ${i.email}`.toLowerCase().includes(search))
      .sort((a, b) =>
        sort === 'invited'
          ? a.invited_at - b.invited_at
          : sort === 'name'
            ? a.name.localeCompare(b.name)
            : a.email.localeCompare(b.email),
      );
    if (query.get('order') === 'desc') items.reverse();
    const rows = (list: typeof items) =>
      list.map((i) => ({
        name: i.name,
        email: i.email,
        role: i.role_id,
        invited_utc_timestamp: i.invited_at * 1e9,
      }));
    if (!query.has('page') && items.length <= 1000) return ok(rows(items));
    const page = paginate(ctx, items, { defaultPerPage: 100, maxPerPage: 100 });
    return ok(rows(page.items), { nextPage: page.nextPage });
  },
} satisfies HandlerMap;
