import { defineOperations } from '../operation.js';
import { FindingFix, RecommendedFix } from '../schemas/autofix.js';

export const autofixOperations = defineOperations({
  ReadFindingFix: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/fixes',
    scopes: ['autofix:read'],
    summary: "Read finding's fix if it exists",
    response: FindingFix,
  },
  ReadRecommendedFix: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/recommended_fix',
    scopes: ['autofix:read'],
    summary: 'Read Recommended Fix if it exists',
    response: RecommendedFix,
  },
});
