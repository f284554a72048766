import * as z from 'zod';
import { requiredList } from '../schemas/common.js';
import { CheckBody, CheckResult, OwaspCounts, Scan, ScanDiff } from '../schemas/scans.js';
import { defineQuery, integer, text } from '../query.js';
import { scanTagsQuery } from './queries.js';
import { defineSchemas } from '../schema.js';
import type { scanOperations } from './scans.js';

export default defineSchemas<typeof scanOperations>()({
  ListScans: {
    query: defineQuery({ ...scanTagsQuery, limit: integer(1, 50) }),
    response: z.looseObject({
      scans: requiredList(Scan),
    }),
  },
  ReadScan: {
    response: z.array(Scan),
  },
  ScansCheckReport: {
    response: z.array(CheckResult),
  },
  ListScansCompare: {
    query: defineQuery({ source: text({ required: true }), target: text({ required: true }) }),
    response: ScanDiff,
  },
  CheckScans: {
    body: CheckBody,
    response: CheckResult,
  },
  ReadAppScanFindingsOWASPGrouped: {
    response: OwaspCounts,
  },
});
