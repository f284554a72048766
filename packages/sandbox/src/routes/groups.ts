import { type HandlerContext, type HandlerMap, invalid, notFound, ok, ReplyError } from '../http.js';
import { paginate } from '../paging.js';
import type { GroupRecord, SandboxState } from '../state.js';
import { isTeamRole, requireTeam, userById } from '../teams.js';

/**
 * A human group as the service shows it: members carry `user_id_v2` in the org-wide listing and `user_id`
 * in the other group operations.
 */
function groupView(state: SandboxState, group: GroupRecord, idKey: 'user_id_v2' | 'user_id', members = true) {
  return {
    group_id: group.group_id,
    group_name: group.group_name,
    ...(members
      ? {
          members: group.members.flatMap((id) => {
            const user = userById(state, id);
            return user ? [{ [idKey]: id, email: user.email }] : [];
          }),
        }
      : {}),
    teams: group.teams.map((t) => ({
      team_id: t.team_id,
      team_name: state.rbac.teams.find((team) => team.team_id === t.team_id)?.team_name ?? '',
      role: t.team_role,
    })),
  };
}

function requireGroup(state: SandboxState, id: string): GroupRecord {
  const group = state.groups.find((g) => g.group_id === id);
  if (!group) throw new ReplyError(notFound(`no group has the id ${id}`));
  return group;
}

/** The group of the path, which must belong to the team of the path. */
function teamGroup(ctx: HandlerContext) {
  const team = requireTeam(ctx.state, ctx.params.rbacTeamID as string);
  const group = requireGroup(ctx.state, ctx.params.groupID as string);
  const link = group.teams.find((t) => t.team_id === team.team_id);
  if (!link) throw new ReplyError(notFound(`group ${group.group_name} is not in team ${team.team_name}`));
  return { team, group, link };
}

function checkRole(ctx: HandlerContext, field: string, role: string): void {
  if (!isTeamRole(ctx.state, role)) {
    throw new ReplyError(invalid('invalid request body', [`${field}: ${role} is not a team role`]));
  }
}

export const groupHandlers = {
  // `name` matches exactly, `iname` in any case, `search` is a substring in any case; `page` turns paging on.
  ListHumanGroups: (ctx) => {
    const { state, query } = ctx;
    const name = query.get('name');
    const iname = query.get('iname')?.toLowerCase();
    const search = query.get('search')?.toLowerCase();
    if (search !== undefined && (name !== null || iname !== undefined)) {
      return invalid('invalid query', ['search cannot be combined with name or iname']);
    }
    const members = query.get('no_members') !== 'true';
    const groups = state.groups
      .filter((g) => name === null || g.group_name === name)
      .filter((g) => iname === undefined || g.group_name.toLowerCase() === iname)
      .filter((g) => search === undefined || g.group_name.toLowerCase().includes(search))
      .sort((a, b) => a.group_name.localeCompare(b.group_name));
    const view = (g: GroupRecord) => groupView(state, g, 'user_id_v2', members);
    if (!query.has('page')) return ok({ groups: groups.map(view) });
    const page = paginate(ctx, groups, { defaultPerPage: 100, maxPerPage: 100 });
    return ok({ groups: page.items.map(view) }, { nextPage: page.nextPage });
  },

  ReadGroup: (ctx) => ok(groupView(ctx.state, requireGroup(ctx.state, ctx.params.groupID), 'user_id')),

  ListGroups: (ctx) => {
    const team = requireTeam(ctx.state, ctx.params.rbacTeamID);
    return ok(
      ctx.state.groups
        .filter((g) => g.teams.some((t) => t.team_id === team.team_id))
        .sort((a, b) => a.group_name.localeCompare(b.group_name))
        .map((g) => groupView(ctx.state, g, 'user_id')),
    );
  },

  // Adds each group to the team with its role, or sets the role of a group already in it.
  UpsertGroup: (ctx) => {
    const { state } = ctx;
    const team = requireTeam(state, ctx.params.rbacTeamID);
    const entries = ctx.body.group_ids;
    const problems = entries.flatMap((e, i) => [
      ...(state.groups.some((g) => g.group_id === e.group_id)
        ? []
        : [`group_ids[${i}].group_id: no group has the id ${e.group_id}`]),
      ...(isTeamRole(state, e.team_role)
        ? []
        : [`group_ids[${i}].team_role: ${e.team_role} is not a team role`]),
    ]);
    if (problems.length) return invalid('invalid request body', problems);
    for (const entry of entries) {
      const group = requireGroup(state, entry.group_id);
      const link = group.teams.find((t) => t.team_id === team.team_id);
      if (link) link.team_role = entry.team_role;
      else group.teams.push({ team_id: team.team_id, team_role: entry.team_role });
    }
    ctx.save();
    return ok();
  },

  ReadTeamGroup: (ctx) => ok(groupView(ctx.state, teamGroup(ctx).group, 'user_id')),

  UpdateGroup: (ctx) => {
    const { link } = teamGroup(ctx);
    const role = ctx.body.team_role;
    if (role === undefined) return invalid('invalid request body', ['team_role: is required']);
    checkRole(ctx, 'team_role', role);
    link.team_role = role;
    ctx.save();
    return ok();
  },

  RemoveGroupFromTeam: (ctx) => {
    const { group, team } = teamGroup(ctx);
    group.teams = group.teams.filter((t) => t.team_id !== team.team_id);
    ctx.save();
    return ok();
  },
} satisfies HandlerMap;
