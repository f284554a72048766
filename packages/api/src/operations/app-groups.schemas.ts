import * as z from 'zod';
import { AppGroup, UpsertAppGroupBody } from '../schemas/apps.js';
import { OkOnly, StringArray } from '../schemas/common.js';
import { defineSchemas } from '../schema.js';
import type { appGroupOperations } from './app-groups.js';

export default defineSchemas<typeof appGroupOperations>()({
  ReadOrgGroups: {
    response: StringArray,
  },
  ReadAppGroup: {
    response: z.array(AppGroup),
  },
  UpsertAppGroup: {
    body: UpsertAppGroupBody,
    response: z.array(AppGroup),
  },
  DeleteAppGroup: {
    response: OkOnly,
  },
});
