import { defineOperations } from '../operation.js';

export const backupOperations = defineOperations('backups', {
  ListOrganizationBackups: {
    method: 'GET',
    path: '/orgs/{orgID}/backup',
    scopes: ['org_backup:read'],
    summary: 'List Organization Backups',
  },
  // Query `backup_id`; without it, the latest backup.
  DownloadOrganizationBackup: {
    method: 'GET',
    path: '/orgs/{orgID}/backup/download',
    scopes: ['org_backup:read'],
    summary: 'Download Organization Backup',
    media: 'application/gzip',
    envelope: false,
  },
});
