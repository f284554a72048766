import type { AppGroupRecord } from '../model/projects.js';
import { type HandlerContext, type HandlerMap, invalid, notFound, ok, ReplyError } from '../http.js';

function groupOf(ctx: HandlerContext): AppGroupRecord {
  const group = ctx.state.appGroups.find((g) => g.name === ctx.params.appGroupName);
  if (!group) throw new ReplyError(notFound(`no app group is named ${ctx.params.appGroupName}`));
  return group;
}

export const appGroupHandlers = {
  ReadOrgGroups: ({ state }) => ok(state.appGroups.map((g) => g.name)),
  ReadAppGroup: (ctx) => ok([groupOf(ctx)]),
  UpsertAppGroup: (ctx) => {
    const body = ctx.body;
    const { state } = ctx;
    const unknown = [...(body.add_app_ids ?? [])].filter((id) => !state.apps.some((a) => a.id === id));
    if (unknown.length)
      return invalid(
        'invalid request body',
        unknown.map((id) => `add_app_ids: no app has the id ${id}`),
      );
    let group = state.appGroups.find((g) => g.name === ctx.params.appGroupName);
    if (!group) {
      group = { name: ctx.params.appGroupName as string, app_ids: [] };
      state.appGroups.push(group);
    }
    if (body.rename && body.rename !== group.name) {
      if (state.appGroups.some((g) => g.name === body.rename)) {
        return invalid('invalid request body', [`rename: an app group is already named ${body.rename}`]);
      }
      group.name = body.rename;
    }
    const remove = new Set(body.remove_app_ids ?? []);
    group.app_ids = [
      ...new Set([...group.app_ids.filter((id) => !remove.has(id)), ...(body.add_app_ids ?? [])]),
    ];
    ctx.save();
    return ok([group]);
  },
  DeleteAppGroup: (ctx) => {
    const group = groupOf(ctx);
    ctx.state.appGroups = ctx.state.appGroups.filter((g) => g !== group);
    ctx.save();
    return ok();
  },
} satisfies HandlerMap;
