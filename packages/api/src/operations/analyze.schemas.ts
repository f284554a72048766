import * as z from 'zod';
import { AnalyzeFailure } from '../schemas/apps.js';
import { requiredList } from '../schemas/common.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListAnalyzeFailures: {
    response: z.looseObject({
      failures: requiredList(AnalyzeFailure),
    }),
  },
  GetAnalyzeFailure: {
    response: AnalyzeFailure,
  },
});
