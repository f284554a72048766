import * as z from 'zod';
import { AppGroup, UpsertAppGroupBody } from '../schemas/apps.js';
import { OkOnly, StringArray } from '../schemas/common.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
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
