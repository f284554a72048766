import { type HandlerContext, type HandlerMap, notFound, ok, ReplyError } from '../http.js';

/** The team of the path: its configuration lives in `configuration.teams` by team id. */
function teamOf(ctx: HandlerContext): string {
  const id = ctx.params.rbacTeamID as string;
  if (!ctx.state.rbac.teams.some((t) => t.team_id === id)) throw new ReplyError(notFound(`no team ${id}`));
  return id;
}

function own(ctx: HandlerContext, id: string) {
  return { analysis_configuration: { ...ctx.state.configuration.teams[id] } };
}

export const teamConfigHandlers = {
  ReadTeamConfig: (ctx) => ok(own(ctx, teamOf(ctx))),

  // The organization's configuration, with the team's on top.
  ReadMergedTeamConfig: (ctx) => {
    const id = teamOf(ctx);
    const secrets = { ...ctx.state.configuration.org.secrets, ...ctx.state.configuration.teams[id]?.secrets };
    return ok({ analysis_configuration: Object.keys(secrets).length ? { secrets } : {} });
  },

  UpdateTeamConfig: (ctx) => {
    const id = teamOf(ctx);
    const secrets = ctx.body.analysis_configuration?.secrets;
    ctx.state.configuration.teams[id] = secrets ? { secrets: { ...secrets } } : {};
    ctx.save();
    return ok(own(ctx, id));
  },

  PatchTeamConfig: (ctx) => {
    const id = teamOf(ctx);
    const secrets = ctx.body.analysis_configuration?.secrets;
    if (secrets) {
      const current = ctx.state.configuration.teams[id];
      ctx.state.configuration.teams[id] = { ...current, secrets: { ...current?.secrets, ...secrets } };
      ctx.save();
    }
    return ok(own(ctx, id));
  },
} satisfies HandlerMap;
