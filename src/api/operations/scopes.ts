import { defineOperations } from '../operation.js';
import { StringArray } from '../schemas/common.js';

export const scopeOperations = defineOperations({
  ListMyOrgScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/my_scopes',
    scopes: [],
    summary: "List user's org scopes",
    response: StringArray,
  },
  ListMyAppScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/my_scopes',
    scopes: [],
    summary: "List user's app scopes",
    response: StringArray,
  },
  ListMyTeamScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/teams/{rbacTeamID}/my_scopes',
    scopes: [],
    summary: "List user's team scopes",
    response: StringArray,
  },
});
