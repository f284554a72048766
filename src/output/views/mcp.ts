import { defineView } from '../core/view.js';

/** What `secscan mcp configure` did to a host's configuration. */
export interface HostConfigRow {
  client: string;
  scope: string;
  file: string;
  action: 'added' | 'updated' | 'removed' | 'unchanged';
  backup: string | null;
}

export const hostConfigView = defineView<HostConfigRow>({
  columns: [
    { key: 'client', header: 'CLIENT' },
    { key: 'scope', header: 'SCOPE' },
    { key: 'action', header: 'ACTION' },
    { key: 'file', header: 'FILE' },
    { key: 'backup', header: 'BACKUP', priority: 2 },
  ],
});
