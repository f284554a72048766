import { ScmSecretsAuditLog } from '../schemas/org-data.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  DownloadAuditLog: {},
  DownloadDailyAuditLog: {},
  GetOrgSCMSecretsAuditLog: {
    response: ScmSecretsAuditLog,
  },
});
