import { defineOperations } from '../operation.js';

export const scanOperations = defineOperations('scans', {
  ListScans: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans',
    scopes: ['scans:read'],
    summary: 'List scans',
  },
  ReadScan: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}',
    scopes: ['scans:read'],
    summary: 'Read scan details',
  },
  ScansCheckReport: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}/report',
    scopes: ['scans:read'],
    summary: 'Read check scans report',
  },
  ListScansCompare: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/compare',
    scopes: ['findings:list'],
    summary: 'Compare scans',
  },
  // CheckScans: the vendor path names the segment after /apps/ a compound name.
  CheckScans: {
    method: 'POST',
    path: '/orgs/{orgID}/apps/{compoundName}/scans/check',
    scopes: ['findings:list'],
    summary: 'Check a scan against a set of rules',
  },
  ReadAppScanFindingsOWASPGrouped: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/scans/{scanID}/owasp_counts',
    scopes: ['project:read'],
    summary: "Read scan's finding counts (grouped by OWASP category)",
  },
});
