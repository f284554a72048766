import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { AppVersion } from '../schemas/versions.js';

export const versionOperations = defineOperations({
  ListAppVersions: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/versions',
    scopes: ['versions:list'],
    summary: 'List app versions',
    response: z.array(AppVersion),
  },
  ReadAppVersion: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/versions/{versionID}',
    scopes: ['versions:read'],
    summary: 'Read summary of findings for an app version',
    response: AppVersion,
  },
});
