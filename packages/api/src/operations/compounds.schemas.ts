import * as z from 'zod';
import { OkOnly, requiredList } from '../schemas/common.js';
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
import { boolean, defineQuery, integer, oneOf, text } from '../query.js';
import { scanStatuses } from '../values.js';
import { compoundScanQuery } from './queries.js';
import { defineSchemas } from '../schema.js';
import type { compoundOperations } from './compounds.js';

export default defineSchemas<typeof compoundOperations>()({
  DownloadSarifReport: {
    query: compoundScanQuery,
  },
  ListOrgCompounds: {
    query: defineQuery({ archived: boolean(), page: integer(1), per_page: integer(1, 100) }),
    response: CompoundList,
  },
  DeleteCompound: {
    response: OkOnly,
  },
  ReadCompoundShallowByID: {
    response: ShallowCompound,
  },
  ReadCompoundShallowByName: {
    response: ShallowCompound,
  },
  ReadCompoundFull: {
    response: Compound,
  },
  ToggleCompoundArchive: {
    body: ArchiveBody,
    response: OkOnly,
  },
  CompoundBranches: {
    query: defineQuery({ archived: boolean() }),
    response: z.looseObject({
      branches: requiredList(z.string()),
    }),
  },
  ReadCompoundShallow: {
    response: ShallowCompound,
  },
  ListScansInCompound: {
    query: defineQuery({
      archived: boolean(),
      status: oneOf(scanStatuses),
      branch: text(),
      limit: integer(1, 100),
    }),
    response: CompoundScans,
  },
  ReadCompoundScan: {
    query: defineQuery({ archived: boolean() }),
    response: CompoundScan,
  },
  GetStreamlinedScans: {
    query: defineQuery({ limit: integer(1, 100), branch: text(), upto: integer() }),
    response: StreamlinedScans,
  },
  getFixesPerCompoundStats: {
    response: FixStats,
  },
});
