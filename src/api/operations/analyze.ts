import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { AnalyzeFailure } from '../schemas/apps.js';

export const analyzeOperations = defineOperations({
  ListAnalyzeFailures: {
    method: 'GET',
    path: '/orgs/{orgID}/analyze-failures',
    scopes: ['org_runs:read'],
    summary: 'List analyze failures for an organization',
    response: z.looseObject({
      failures: z
        .array(AnalyzeFailure)
        .nullish()
        .transform((v) => v ?? []),
    }),
  },
  GetAnalyzeFailure: {
    method: 'GET',
    path: '/orgs/{orgID}/analyze-failures/{failureId}',
    scopes: ['org_runs:read'],
    summary: 'Get a single analyze failure',
    response: AnalyzeFailure,
  },
});
