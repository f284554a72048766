import * as z from 'zod';
import { CheckBody, CheckResult, OwaspCounts, Scan, ScanDiff } from '../schemas/scans.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListScans: {
    response: z.looseObject({
      scans: z
        .array(Scan)
        .nullish()
        .transform((v) => v ?? []),
    }),
  },
  ReadScan: {
    response: z.array(Scan),
  },
  ScansCheckReport: {
    response: z.array(CheckResult),
  },
  ListScansCompare: {
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
