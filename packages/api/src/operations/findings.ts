import { defineOperations } from '../operation.js';

const statusScopes = ['finding_status:update', 'finding_fixed:update', 'finding_ignore:update'];

export const findingOperations = defineOperations('findings', {
  ListAppFindings: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings',
    scopes: ['findings:list'],
    summary: 'List app findings',
    paginated: true,
  },
  ListCompoundFindings: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/byname/{compoundName}/findings',
    scopes: ['findings:list'],
    summary: 'List compound findings',
    paginated: true,
  },
  ListCompoundFindingsDEPRECATED: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/findings',
    scopes: ['findings:list'],
    summary: 'List compound findings (deprecated)',
    paginated: true,
  },
  ListOrgFindings: {
    method: 'GET',
    path: '/orgs/{orgID}/findings',
    scopes: ['findings:list'],
    summary: 'List org findings',
    paginated: true,
  },
  ReadOrgFindingsSummary: {
    method: 'GET',
    path: '/orgs/{orgID}/findings/summary',
    scopes: ['findings:summary'],
    summary: 'Read org findings summary',
  },
  ReadAppFinding: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}',
    scopes: ['findings:read'],
    summary: 'Read app finding detail',
  },
  SetAppFindingStatus: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/status',
    scopes: statusScopes,
    summary: 'Set finding status',
  },
  SetAppFindingAssignee: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/assignment',
    scopes: ['finding_assign:update'],
    summary: 'Set finding assignee',
  },
  SetAppMultipleFindingsStatus: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings_status',
    scopes: statusScopes,
    summary: 'Set multiple findings status',
  },
  SetAppMultipleFindingsAssignee: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings_assignment',
    scopes: ['finding_assign:update'],
    summary: 'Set multiple findings assignee',
  },
});
