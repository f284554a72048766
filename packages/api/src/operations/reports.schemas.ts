import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ReadCWEReport: {},
  ReadDetailedOWASPReport: {},
  ReadScanPCIDSSReport: {},
});
