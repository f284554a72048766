import * as z from 'zod';
import { AnalyzeFailure } from '../schemas/apps.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListAnalyzeFailures: {
    response: z.looseObject({
      failures: z
        .array(AnalyzeFailure)
        .nullish()
        .transform((v) => v ?? []),
    }),
  },
  GetAnalyzeFailure: {
    response: AnalyzeFailure,
  },
});
