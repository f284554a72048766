import { defineOperations } from '../operation.js';

export const analyzeOperations = defineOperations('analyze', {
  ListAnalyzeFailures: {
    method: 'GET',
    path: '/orgs/{orgID}/analyze-failures',
    scopes: ['org_runs:read'],
    summary: 'List analyze failures for an organization',
  },
  GetAnalyzeFailure: {
    method: 'GET',
    path: '/orgs/{orgID}/analyze-failures/{failureId}',
    scopes: ['org_runs:read'],
    summary: 'Get a single analyze failure',
  },
});
