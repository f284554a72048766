import { type HandlerMap, notFound, ok } from '../http.js';
import { effectiveScopes } from '../permissions.js';

/** The caller's listed scopes in each context, as the spec says (even for Super Admin, who passes every check). */
export const scopeHandlers = {
  ListMyOrgScopes: ({ state, caller }) => ok(effectiveScopes(state, caller, {})),

  ListMyAppScopes: ({ state, caller, params }) => {
    if (!state.apps.some((app) => app.id === params.appID))
      return notFound(`no app has the id ${params.appID}`);
    return ok(effectiveScopes(state, caller, { appID: params.appID }));
  },

  ListMyTeamScopes: ({ state, caller, params }) => {
    if (!state.rbac.teams.some((team) => team.team_id === params.rbacTeamID)) {
      return notFound(`no team has the id ${params.rbacTeamID}`);
    }
    return ok(effectiveScopes(state, caller, { rbacTeamID: params.rbacTeamID }));
  },
} satisfies HandlerMap;
