import { ScmSecretsAuditLog } from '../schemas/org-data.js';
import { boolean, defineQuery, integer } from '../query.js';
import { defineSchemas } from '../schema.js';
import type { auditOperations } from './audit.js';

export default defineSchemas<typeof auditOperations>()({
  DownloadAuditLog: {},
  DownloadDailyAuditLog: {},
  GetOrgSCMSecretsAuditLog: {
    query: defineQuery({ days: integer(1), 'by-project': boolean(), 'by-user': boolean() }),
    response: ScmSecretsAuditLog,
  },
});
