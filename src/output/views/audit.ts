import type { ScmSecretsAuditLog } from '@secscan/api/schemas/org-data';
import { defineView } from '../core/view.js';

type Ids = readonly string[] | null | undefined;
const count = (ids: Ids) => ids?.length ?? 0;

export type ScmSecretsRow = NonNullable<ScmSecretsAuditLog['projects']>[number];

export const scmSecretsByProjectView = defineView<ScmSecretsRow>({
  columns: [
    { key: 'project_id', header: 'PROJECT' },
    { key: 'attempts', header: 'ATTEMPTS' },
    { key: 'users', header: 'USERS', priority: 2, get: (r) => count(r.user_ids) },
    { key: 'tokens', header: 'TOKENS', priority: 2, get: (r) => count(r.token_ids) },
    { key: 'user_ids', header: 'USER IDS', priority: 3, get: (r) => (r.user_ids ?? []).join(' ') },
    { key: 'token_ids', header: 'TOKEN IDS', priority: 3, get: (r) => (r.token_ids ?? []).join(' ') },
  ],
  defaults: ['project_id', 'attempts', 'users', 'tokens'],
  emptyMessage: 'No attempts to commit secrets in that time.',
});

export interface ScmSecretsUserRow {
  user_id: string;
  attempts?: number;
  project_ids?: string[] | null;
  token_ids?: string[] | null;
}

export const scmSecretsByUserView = defineView<ScmSecretsUserRow>({
  columns: [
    { key: 'user_id', header: 'USER' },
    { key: 'attempts', header: 'ATTEMPTS' },
    { key: 'projects', header: 'PROJECTS', priority: 2, get: (r) => count(r.project_ids) },
    { key: 'tokens', header: 'TOKENS', priority: 2, get: (r) => count(r.token_ids) },
    { key: 'project_ids', header: 'PROJECT IDS', priority: 3, get: (r) => (r.project_ids ?? []).join(' ') },
    { key: 'token_ids', header: 'TOKEN IDS', priority: 3, get: (r) => (r.token_ids ?? []).join(' ') },
  ],
  defaults: ['user_id', 'attempts', 'projects', 'tokens'],
  emptyMessage: 'No attempts to commit secrets in that time.',
});

/**
 * The CSV's own header row names the columns (the service does not document them); on a terminal the
 * table decides by the names and values what may be cut (timestamps, ids and e-mails never are).
 */
export function csvView(header: readonly string[]) {
  return defineView<Record<string, string>>({
    columns: header.map((key) => ({ key, header: key.toUpperCase() })),
    emptyMessage: 'No audit events in that period.',
  });
}
