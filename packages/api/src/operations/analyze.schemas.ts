import * as z from 'zod';
import { AnalyzeFailure } from '../schemas/apps.js';
import { requiredList } from '../schemas/common.js';
import { defineQuery, integer } from '../query.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListAnalyzeFailures: {
    query: defineQuery({ limit: integer(1, 100) }),
    response: z.looseObject({
      failures: requiredList(AnalyzeFailure),
    }),
  },
  GetAnalyzeFailure: {
    response: AnalyzeFailure,
  },
});
