import { defineOperations } from '../operation.js';

export const orgConfigOperations = defineOperations('org-config', {
  ReadOrgConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/configuration',
    scopes: ['org_configuration:read'],
    summary: 'Read org configuration',
  },
  UpdateOrgConfig: {
    method: 'PUT',
    path: '/orgs/{orgID}/configuration',
    scopes: ['org_configuration:write'],
    summary: 'Update org configuration',
  },
  PatchOrgConfig: {
    method: 'PATCH',
    path: '/orgs/{orgID}/configuration',
    scopes: ['org_configuration:write'],
    summary: 'Patch org configuration',
  },
  CreateOrgAnalysisConfig: {
    method: 'PUT',
    path: '/orgs/{orgID}/configuration/analysis',
    scopes: ['org_configuration:write'],
    summary: 'Update org analysis configuration',
  },
  UpdateOrgAnalysisConfig: {
    method: 'PATCH',
    path: '/orgs/{orgID}/configuration/analysis',
    scopes: ['org_configuration:write'],
    summary: 'Update org analysis configuration',
  },
  ReadOrgAutoFixConfig: {
    method: 'GET',
    path: '/orgs/{orgID}/autofix_configuration',
    scopes: [],
    summary: 'Read AutoFix configuration for the organization',
  },
});
