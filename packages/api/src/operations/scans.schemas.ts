import * as z from 'zod';
import { requiredList } from '../schemas/common.js';
import { CheckBody, CheckResult, OwaspCounts, Scan, ScanDiff } from '../schemas/scans.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListScans: {
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
