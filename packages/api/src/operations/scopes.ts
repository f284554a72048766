import { defineOperations } from '../operation.js';

export const scopeOperations = defineOperations('scopes', {
  ListMyOrgScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/my_scopes',
    scopes: [],
    summary: "List user's org scopes",
  },
  ListMyAppScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/my_scopes',
    scopes: [],
    summary: "List user's app scopes",
  },
  ListMyTeamScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/teams/{rbacTeamID}/my_scopes',
    scopes: [],
    summary: "List user's team scopes",
  },
});
