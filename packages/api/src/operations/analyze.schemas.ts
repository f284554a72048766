import * as z from 'zod';
import { AnalyzeFailure } from '../schemas/apps.js';
import { requiredList } from '../schemas/common.js';
import { defineQuery, integer } from '../query.js';
import { defineSchemas } from '../schema.js';
import type { analyzeOperations } from './analyze.js';

export default defineSchemas<typeof analyzeOperations>()({
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
