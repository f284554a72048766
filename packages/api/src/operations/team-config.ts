import { defineOperations } from '../operation.js';

export const teamConfigOperations = defineOperations('team-config', {
  ReadTeamConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/teams/{rbacTeamID}/configuration',
    scopes: ['teams:read'],
    summary: 'Read team config',
  },
  UpdateTeamConfig: {
    method: 'PUT',
    path: '/orgs/{orgID}/rbac/teams/{rbacTeamID}/configuration',
    scopes: ['teams:update'],
    summary: 'Update team config',
  },
  PatchTeamConfig: {
    method: 'PATCH',
    path: '/orgs/{orgID}/rbac/teams/{rbacTeamID}/configuration',
    scopes: ['teams:update'],
    summary: 'Patch team config',
  },
  ReadMergedTeamConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/teams/{rbacTeamID}/configuration/merged',
    scopes: ['teams:read'],
    summary: 'Read merged team config',
  },
});
