import { defineView } from '../core/view.js';

export const tokenView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'label', header: 'LABEL', shrink: true },
    { key: 'token_type', header: 'TYPE', priority: 3 },
    { key: 'role_id', header: 'ROLE', priority: 5 },
    { key: 'expires_at', header: 'EXPIRES', priority: 2 },
    { key: 'description', header: 'DESCRIPTION', priority: 4, shrink: true },
  ],
  emptyMessage: 'No tokens.',
});

export const createdTokenView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'label', header: 'Label' },
    { key: 'token_type', header: 'Type' },
    { key: 'role_id', header: 'Role' },
    { key: 'description', header: 'Description' },
    { key: 'expires_at', header: 'Expires' },
    { key: 'value', header: 'Token', style: (text, _row, chalk) => chalk.bold(text) },
  ],
});
