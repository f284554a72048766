import { defineOperations } from '../operation.js';

export const checkAnalysisOperations = defineOperations('checkanalysis', {
  // The stored policy is returned as the raw YAML file, not in the envelope.
  ResolveCheckAnalysisConfiguration: {
    method: 'GET',
    path: '/orgs/{orgID}/checkanalysis/policies/{reference}',
    scopes: ['check_analysis_configuration:read'],
    summary: 'Resolve check-analysis Configuration',
    media: 'application/yaml',
    envelope: false,
  },
});
