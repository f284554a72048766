import { randomUUID } from 'node:crypto';
import type { BackupRecord, SandboxState } from '../state.js';

export type BackupStatus = BackupRecord['status'];

/**
 * A backup of the organization made now (`backup()` of a sandbox started from code): `completed` (the
 * newest one a download without `backup_id` gets), or `running` or `failed` to try a client on those.
 */
export function recordBackup(
  state: SandboxState,
  status: BackupStatus = 'completed',
  now = Date.now(),
): BackupRecord {
  const at = new Date(now).toISOString();
  const record: BackupRecord = {
    backup_id: randomUUID(),
    status,
    created_at: at,
    ...(status === 'running' ? {} : { completed_at: at }),
  };
  state.backups.push(record);
  return record;
}
