import type { OrgBackup } from '@secscan/api/schemas/org-data';
import { defineView } from '../core/view.js';

const styleStatus = (text: string, _row: unknown, chalk: import('chalk').ChalkInstance) =>
  text === 'completed' ? chalk.green(text) : text === 'failed' ? chalk.red(text) : chalk.yellow(text);

export const backupView = defineView<OrgBackup>({
  columns: [
    { key: 'backup_id', header: 'ID' },
    { key: 'status', header: 'STATUS', style: styleStatus },
    { key: 'created_at', header: 'CREATED', priority: 2 },
    { key: 'completed_at', header: 'COMPLETED', priority: 3 },
  ],
  emptyMessage: 'No backups.',
});

/** What `backups download` did, for monitoring (`-o json`). */
export interface DownloadRecord {
  id: string;
  path: string;
  bytes: number;
  sha256: string;
  seconds: number;
  /** Interruptions the transfer resumed from (Range requests). */
  resumed: number;
  skipped: boolean;
  pruned: string[];
}

export const downloadView = defineView<DownloadRecord>({
  columns: [
    { key: 'id', header: 'Backup' },
    { key: 'path', header: 'Path' },
    { key: 'bytes', header: 'Bytes' },
    { key: 'sha256', header: 'SHA-256' },
    { key: 'seconds', header: 'Seconds' },
    { key: 'resumed', header: 'Resumed' },
    { key: 'skipped', header: 'Skipped' },
    { key: 'pruned', header: 'Pruned', get: (r) => r.pruned.join('\n') },
  ],
});
