import { defineOperations } from '../operation.js';

export const appGroupOperations = defineOperations('app-groups', {
  ReadOrgGroups: {
    method: 'GET',
    path: '/orgs/{orgID}/app_groups',
    scopes: ['orgs:read'],
    summary: 'Read organization app groups',
  },
  ReadAppGroup: {
    method: 'GET',
    path: '/orgs/{orgID}/app_groups/{appGroupName}',
    scopes: ['orgs:read'],
    summary: 'Read app group',
  },
  UpsertAppGroup: {
    method: 'PUT',
    path: '/orgs/{orgID}/app_groups/{appGroupName}',
    scopes: ['app_group:update'],
    summary: 'Create or update app group',
  },
  DeleteAppGroup: {
    method: 'DELETE',
    path: '/orgs/{orgID}/app_groups/{appGroupName}',
    scopes: ['app_group:delete'],
    summary: 'Delete app group',
  },
});
