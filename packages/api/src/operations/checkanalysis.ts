import { defineOperations } from '../operation.js';

export const checkAnalysisOperations = defineOperations('checkanalysis', {
  ListCheckAnalysisConfiguration: {
    method: 'GET',
    path: '/orgs/{orgID}/checkanalysis/policies',
    scopes: ['check_analysis_configuration:list'],
    summary: 'List check-analysis Configurations',
  },
  // The stored policy is returned as the raw YAML file, not in the envelope.
  ResolveCheckAnalysisConfiguration: {
    method: 'GET',
    path: '/orgs/{orgID}/checkanalysis/policies/{reference}',
    scopes: ['check_analysis_configuration:read'],
    summary: 'Resolve check-analysis Configuration',
    media: 'application/yaml',
    envelope: false,
  },
  // The body is the policy file itself (YAML); the answer is JSON.
  UpsertCheckAnalysisConfiguration: {
    method: 'PUT',
    path: '/orgs/{orgID}/checkanalysis/policies/{reference}',
    scopes: ['check_analysis_configuration:write'],
    summary: 'Upsert check-analysis Configuration',
    requestMedia: 'application/yaml',
  },
});
