import { defineOperations } from '../operation.js';

export const versionOperations = defineOperations('versions', {
  ListAppVersions: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/versions',
    scopes: ['versions:list'],
    summary: 'List app versions',
  },
  ReadAppVersion: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/versions/{versionID}',
    scopes: ['versions:read'],
    summary: 'Read summary of findings for an app version',
  },
});
