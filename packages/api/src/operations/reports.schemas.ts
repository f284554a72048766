import { boolean, defineQuery } from '../query.js';
import { reportQuery } from './queries.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
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
