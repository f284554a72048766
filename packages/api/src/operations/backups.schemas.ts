import * as z from 'zod';
import { OrgBackup } from '../schemas/org-data.js';
import { defineQuery, text } from '../query.js';
import { defineSchemas } from '../schema.js';
import type { backupOperations } from './backups.js';

export default defineSchemas<typeof backupOperations>()({
  ListOrganizationBackups: {
    response: z.array(OrgBackup),
  },
  DownloadOrganizationBackup: {
    query: defineQuery({ backup_id: text() }),
  },
});
