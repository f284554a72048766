import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { OkOnly } from '../schemas/common.js';
import {
  ArchiveBody,
  Compound,
  CompoundList,
  CompoundScan,
  CompoundScans,
  FixStats,
  ShallowCompound,
  StreamlinedScans,
} from '../schemas/compounds.js';

export const compoundOperations = defineOperations({
  ListOrgCompounds: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds',
    scopes: ['apps:list'],
    summary: 'List Compounds',
    response: CompoundList,
    paginated: true,
  },
  DeleteCompound: {
    method: 'DELETE',
    path: '/orgs/{orgID}/compounds/{compoundID}',
    scopes: ['project:delete'],
    summary: 'Delete compound',
    response: OkOnly,
  },
  ReadCompoundShallowByID: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/byid/{compoundID}/shallow',
    scopes: ['project:read'],
    summary: 'Read shallow compound by ID',
    response: ShallowCompound,
  },
  ReadCompoundShallowByName: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/byname/{compoundName}/shallow',
    scopes: ['project:read'],
    summary: 'Read shallow compound by name',
    response: ShallowCompound,
  },
  ReadCompoundFull: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/full/{compoundID}',
    scopes: ['project:read'],
    summary: 'Read full compound',
    response: Compound,
  },
  ToggleCompoundArchive: {
    method: 'PATCH',
    path: '/orgs/{orgID}/compounds/named/{compoundName}',
    scopes: ['project:archive'],
    summary: 'Un/Archive Compound',
    body: ArchiveBody,
    response: OkOnly,
  },
  CompoundBranches: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/branches',
    scopes: ['scans:read'],
    summary: 'Read branches for compound',
    response: z.looseObject({
      branches: z
        .array(z.string())
        .nullish()
        .transform((v) => v ?? []),
    }),
  },
  ReadCompoundShallow: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/shallow/{compoundID}',
    scopes: ['project:read'],
    summary: 'Read shallow compound',
    response: ShallowCompound,
  },
  ListScansInCompound: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/scans',
    scopes: ['scans:read'],
    summary: 'List Scans of Compound',
    response: CompoundScans,
  },
  ReadCompoundScan: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/scans/{scanID}',
    scopes: ['scans:read'],
    summary: 'Read compound scan',
    response: CompoundScan,
  },
  GetStreamlinedScans: {
    method: 'GET',
    path: '/orgs/{orgID}/compounds/named/{compoundName}/scans/streamlined',
    scopes: [],
    summary: 'List scans in a compound, returning a subset of the scan summary information',
    response: StreamlinedScans,
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
    response: FixStats,
  },
});
