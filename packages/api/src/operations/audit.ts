import { defineOperations } from '../operation.js';

export const auditOperations = defineOperations('audit', {
  DownloadAuditLog: {
    method: 'GET',
    path: '/orgs/{orgID}/audit/csv/{auditYear}/{auditMonth}',
    scopes: ['org_audit_trail:read'],
    summary: 'Download audit log CSV',
    media: 'application/csv',
    envelope: false,
  },
  DownloadDailyAuditLog: {
    method: 'GET',
    path: '/orgs/{orgID}/audit/csv/{auditYear}/{auditMonth}/{auditDay}',
    scopes: ['org_audit_trail:read'],
    summary: 'Download Daily CSV audit log',
    media: 'application/csv',
    envelope: false,
  },
  // One of the queries `by-project` and `by-user` must be given; `days` defaults to 31.
  GetOrgSCMSecretsAuditLog: {
    method: 'GET',
    path: '/orgs/{orgID}/scm-secrets-audit-log',
    scopes: ['org_runs:read'],
    summary: "Returns the audit log report for the org's SCM secrets",
  },
});
