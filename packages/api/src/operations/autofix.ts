import { defineOperations } from '../operation.js';

export const autofixOperations = defineOperations('autofix', {
  ReadFindingFix: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/fixes',
    scopes: ['autofix:read'],
    summary: "Read finding's fix if it exists",
  },
  ReadRecommendedFix: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/recommended_fix',
    scopes: ['autofix:read'],
    summary: 'Read Recommended Fix if it exists',
  },
});
