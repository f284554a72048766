import { defineOperations } from '../operation.js';
import { OkOnly } from '../schemas/common.js';
import {
  AssigneeBody,
  BulkAssigneeBody,
  BulkStatusBody,
  CompoundFindingsPage,
  Finding,
  FindingsPage,
  OrgFindingsSummary,
  StatusBody,
} from '../schemas/findings.js';

const statusScopes = ['finding_status:update', 'finding_fixed:update', 'finding_ignore:update'];

export const findingOperations = defineOperations({
  ListAppFindings: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings',
    scopes: ['findings:list'],
    summary: 'List app findings',
    response: FindingsPage,
    paginated: true,
  },
  ListCompoundFindings: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/byname/{compoundName}/findings',
    scopes: ['findings:list'],
    summary: 'List compound findings',
    response: CompoundFindingsPage,
    paginated: true,
  },
  ListCompoundFindingsDEPRECATED: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/findings',
    scopes: ['findings:list'],
    summary: 'List compound findings (deprecated)',
    response: FindingsPage,
    paginated: true,
  },
  ListOrgFindings: {
    method: 'GET',
    path: '/orgs/{orgID}/findings',
    scopes: ['findings:list'],
    summary: 'List org findings',
    response: FindingsPage,
    paginated: true,
  },
  ReadOrgFindingsSummary: {
    method: 'GET',
    path: '/orgs/{orgID}/findings/summary',
    scopes: ['findings:summary'],
    summary: 'Read org findings summary',
    response: OrgFindingsSummary,
  },
  ReadAppFinding: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}',
    scopes: ['findings:read'],
    summary: 'Read app finding detail',
    response: Finding,
  },
  SetAppFindingStatus: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/status',
    scopes: statusScopes,
    summary: 'Set finding status',
    body: StatusBody,
    response: OkOnly,
  },
  SetAppFindingAssignee: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/assignment',
    scopes: ['finding_assign:update'],
    summary: 'Set finding assignee',
    body: AssigneeBody,
    response: OkOnly,
  },
  SetAppMultipleFindingsStatus: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings_status',
    scopes: statusScopes,
    summary: 'Set multiple findings status',
    body: BulkStatusBody,
    response: OkOnly,
  },
  SetAppMultipleFindingsAssignee: {
    method: 'PUT',
    path: '/orgs/{orgID}/apps/{appID}/findings_assignment',
    scopes: ['finding_assign:update'],
    summary: 'Set multiple findings assignee',
    body: BulkAssigneeBody,
    response: OkOnly,
  },
});
