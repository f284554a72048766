import type { ResponseInputOf } from '@secscan/api/operations/schemas';
import { randomUUID } from 'node:crypto';
import { error, type HandlerContext, type HandlerMap, invalid, ok, type Reply, ReplyError } from '../http.js';
import { paginate } from '../paging.js';
import type { TeamMember, TeamRecord } from '../state.js';
import {
  applyApps,
  applyMembership,
  canReadTeam,
  checkApps,
  checkVersion,
  memberProblems,
  requireTeam,
  teamByName,
  teamView,
} from '../teams.js';

function teamOf(ctx: HandlerContext): TeamRecord {
  return requireTeam(ctx.state, ctx.params.rbacTeamID as string);
}

function checkMembers(ctx: HandlerContext, add: readonly TeamMember[] = [], field = 'add_team_membership') {
  const problems = memberProblems(ctx.state, field, add);
  if (problems.length) throw new ReplyError(invalid('invalid request body', problems));
}

function checkName(ctx: HandlerContext, name: string, except?: string): void {
  const other = teamByName(ctx.state, name, except);
  if (other) throw new ReplyError(error(409, 'TEAM_NAME_CONFLICT', `a team named ${other.team_name} exists`));
}

interface ChangeBody {
  version: number;
  add_applications?: string[];
  remove_applications?: string[];
  force_app_inclusion?: boolean;
  add_team_membership?: TeamMember[];
  remove_team_membership?: TeamMember[];
}

/** UpdateTeam, UpdateTeamApps and UpdateTeamMembership: check everything, then change, bump, answer. */
function change(
  ctx: HandlerContext,
  body: ChangeBody,
): Reply<ResponseInputOf<'UpdateTeam' | 'UpdateTeamApps' | 'UpdateTeamMembership'>> {
  const team = teamOf(ctx);
  checkVersion(team, body.version);
  checkApps(
    ctx.state,
    team,
    'add_applications',
    body.add_applications ?? [],
    body.force_app_inclusion ?? false,
  );
  checkMembers(ctx, body.add_team_membership);
  applyApps(ctx.state, team, body.add_applications, body.remove_applications);
  applyMembership(team, body.add_team_membership, body.remove_team_membership);
  team.version++;
  ctx.save();
  return ok(teamView(ctx.state, team));
}

export const teamHandlers = {
  // `name` filters case-insensitively (the legacy spelling `teamName` too); `page` turns paging on, as more
  // than 1000 teams do unless `no_members=true`. An entry is `{team_id, team_name, team_version}`, as on the
  // service: a team's members and apps come from ReadTeam.
  ListTeams: (ctx) => {
    const { state, query, caller } = ctx;
    const name = query.get('name') ?? query.get('teamName');
    const noMembers = query.get('no_members');
    if (noMembers !== null && noMembers !== 'true') {
      return invalid('invalid query parameter no_members', ['no_members: the only value is true']);
    }
    const teams = state.rbac.teams
      .filter((t) => canReadTeam(state, caller, t.team_id))
      .filter((t) => !name || t.team_name.toLowerCase() === name.toLowerCase())
      .sort((a, b) => a.team_name.localeCompare(b.team_name));
    const row = (t: TeamRecord) => ({ team_id: t.team_id, team_name: t.team_name, team_version: t.version });
    if (!query.has('page') && (noMembers === 'true' || teams.length <= 1000)) return ok(teams.map(row));
    const page = paginate(ctx, teams, { defaultPerPage: 100, maxPerPage: 100 });
    return ok(page.items.map(row), { nextPage: page.nextPage });
  },

  CreateTeam: (ctx) => {
    const { state, body } = ctx;
    checkName(ctx, body.name);
    const apps = [...new Set(body.applications ?? [])];
    checkApps(state, undefined, 'applications', apps, false);
    checkMembers(ctx, body.team_membership, 'team_membership');
    const team: TeamRecord = { team_id: randomUUID(), team_name: body.name, version: 1, users: [] };
    state.rbac.teams.push(team);
    applyApps(state, team, apps);
    applyMembership(team, body.team_membership);
    ctx.save();
    return ok({ team_id: team.team_id });
  },

  ReadTeam: (ctx) => ok(teamView(ctx.state, teamOf(ctx))),

  UpdateTeam: (ctx) => change(ctx, ctx.body),
  UpdateTeamApps: (ctx) => change(ctx, ctx.body),
  UpdateTeamMembership: (ctx) => change(ctx, ctx.body),

  UpdateTeamMetadata: (ctx) => {
    const team = teamOf(ctx);
    checkVersion(team, ctx.body.version);
    if (ctx.body.change_name !== undefined) {
      checkName(ctx, ctx.body.change_name, team.team_id);
      team.team_name = ctx.body.change_name;
    }
    team.version++;
    ctx.save();
    return ok(teamView(ctx.state, team));
  },

  // The apps of a deleted team belong to no team; its groups leave it.
  DeleteTeam: (ctx) => {
    const { state } = ctx;
    const team = teamOf(ctx);
    checkVersion(team, ctx.body.version);
    state.rbac.teams = state.rbac.teams.filter((t) => t !== team);
    for (const app of state.apps) if (app.team_id === team.team_id) delete app.team_id;
    for (const group of state.groups) group.teams = group.teams.filter((t) => t.team_id !== team.team_id);
    delete state.configuration.teams[team.team_id];
    ctx.save();
    return ok();
  },
} satisfies HandlerMap;
