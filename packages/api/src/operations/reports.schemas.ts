import { boolean, defineQuery } from '../query.js';
import { reportQuery } from './queries.js';
import { defineSchemas } from '../schema.js';
import type { reportOperations } from './reports.js';

export default defineSchemas<typeof reportOperations>()({
  ReadCWEReport: {
    query: reportQuery,
  },
  ReadDetailedOWASPReport: {
    query: reportQuery,
  },
  ReadScanPCIDSSReport: {
    query: defineQuery({ ignore_info_findings: boolean() }),
  },
});
