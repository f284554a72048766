import { z } from 'zod';
import { PolicyUpsert, PolicyVersion } from '../schemas/org-data.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListCheckAnalysisConfiguration: {
    response: z.array(PolicyVersion),
  },
  UpsertCheckAnalysisConfiguration: {
    response: PolicyUpsert,
  },
});
