import { defineOperations } from '../operation.js';

export const compoundOperations = defineOperations('compounds', {
  ListOrgCompounds: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds',
    scopes: ['apps:list'],
    summary: 'List Compounds',
    paginated: true,
  },
  DeleteCompound: {
    method: 'DELETE',
    path: '/orgs/{orgID}/compounds/{compoundID}',
    scopes: ['project:delete'],
    summary: 'Delete compound',
  },
  ReadCompoundShallowByID: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/byid/{compoundID}/shallow',
    scopes: ['project:read'],
    summary: 'Read shallow compound by ID',
  },
  ReadCompoundShallowByName: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/byname/{compoundName}/shallow',
    scopes: ['project:read'],
    summary: 'Read shallow compound by name',
  },
  ReadCompoundFull: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/full/{compoundID}',
    scopes: ['project:read'],
    summary: 'Read full compound',
  },
  ToggleCompoundArchive: {
    method: 'PATCH',
    path: '/orgs/{orgID}/compounds/named/{compoundName}',
    scopes: ['project:archive'],
    summary: 'Un/Archive Compound',
  },
  CompoundBranches: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/branches',
    scopes: ['scans:read'],
    summary: 'Read branches for compound',
  },
  ReadCompoundShallow: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/shallow/{compoundID}',
    scopes: ['project:read'],
    summary: 'Read shallow compound',
  },
  ListScansInCompound: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/scans',
    scopes: ['scans:read'],
    summary: 'List Scans of Compound',
    paginated: true,
  },
  ReadCompoundScan: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/scans/{scanID}',
    scopes: ['scans:read'],
    summary: 'Read compound scan',
  },
  GetStreamlinedScans: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/scans/streamlined',
    scopes: [],
    summary: 'List scans in a compound, returning a subset of the scan summary information',
    paginated: true,
  },
  DownloadSarifReport: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/reports/sarif',
    scopes: ['findings:list'],
    summary: 'Download Compound SARIF Report',
    media: 'application/sarif+json',
    envelope: false,
  },
  getFixesPerCompoundStats: {
    method: 'GET',
    path: '/orgs/{orgID}/stats/num_fixes_per_compound',
    scopes: [],
    summary: 'Get the number of fixes available per compound',
  },
});
