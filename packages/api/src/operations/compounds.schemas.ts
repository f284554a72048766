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
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListOrgCompounds: {
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
    response: z.looseObject({
      branches: requiredList(z.string()),
    }),
  },
  ReadCompoundShallow: {
    response: ShallowCompound,
  },
  ListScansInCompound: {
    response: CompoundScans,
  },
  ReadCompoundScan: {
    response: CompoundScan,
  },
  GetStreamlinedScans: {
    response: StreamlinedScans,
  },
  getFixesPerCompoundStats: {
    response: FixStats,
  },
});
