import { defineOperations } from '../operation.js';

export const appOperations = defineOperations('apps', {
  ListApps: {
    method: 'GET',
    path: '/orgs/{orgID}/apps',
    scopes: ['apps:list'],
    summary: 'List apps',
  },
  CreateApp: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps',
    scopes: ['apps:create'],
    summary: 'Create Apps',
  },
  ReadApp: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}',
    scopes: ['project:read'],
    summary: 'Read app',
  },
  DeleteApp: {
    method: 'DELETE',
    path: '/orgs/{orgID}/apps/{appID}',
    scopes: ['project:delete'],
    summary: 'Delete app',
  },
  UpdateAppLabels: {
    method: 'POST',
    path: '/orgs/{orgID}/apps/{appID}/labels',
    scopes: ['project:update'],
    summary: 'Update application labels',
  },
  ListAppsBranches: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/branches',
    scopes: ['apps:list'],
    summary: 'List app branches',
  },
  // ListAppBranches: the document describes one object; a list of them is accepted too.
  ListAppBranches: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scanbranches',
    scopes: ['scans:read'],
    summary: 'List application scans branches',
  },
  ReadAppConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/configuration',
    scopes: ['org_configuration:read'],
    summary: 'Read app config',
  },
  UpdateAppConfig: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/configuration',
    scopes: ['org_configuration:write'],
    summary: 'Update app config',
  },
  PatchAppConfig: {
    method: 'PATCH',
    path: '/orgs/{orgID}/apps/{appID}/configuration',
    scopes: ['org_configuration:write'],
    summary: 'Patch app config',
  },
  UpdateAppDefaultBranch: {
    method: 'PATCH',
    path: '/orgs/{orgID}/apps/{appID}/configuration/default_branch',
    scopes: ['project_branch:update'],
    summary: 'Update Application Default Branch',
  },
  ReadMergedAppConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/configuration/merged',
    scopes: ['org_configuration:read'],
    summary: 'Read merged app config',
  },
});
