import * as z from 'zod';
import { OrgBackup } from '../schemas/org-data.js';
import { defineQuery, text } from '../query.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListOrganizationBackups: {
    response: z.array(OrgBackup),
  },
  DownloadOrganizationBackup: {
    query: defineQuery({ backup_id: text() }),
  },
});
