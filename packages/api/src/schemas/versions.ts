import * as z from 'zod';
import { requiredList } from './common.js';
import { FindingsSummary, ScanSummary } from './findings.js';

export const AppVersion = z.looseObject({
  version: z.string(),
  scan: ScanSummary,
  findings_summaries: requiredList(FindingsSummary),
  total: z.number().optional(),
  total_fixed: z.number().optional(),
  total_ignored: z.number().optional(),
});
export type AppVersion = z.infer<typeof AppVersion>;
