import * as z from 'zod';
import { OrgBackup } from '../schemas/org-data.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListOrganizationBackups: {
    response: z.array(OrgBackup),
  },
  DownloadOrganizationBackup: {},
});
