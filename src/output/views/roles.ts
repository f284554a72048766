import { defineView } from '../core/view.js';

type Row = Record<string, unknown>;

export const rbacRoleView = defineView<Row>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'NAME' },
    { key: 'role_type', header: 'TYPE', priority: 3 },
    {
      key: 'scope_count',
      header: 'SCOPES',
      priority: 2,
      get: (r) => (Array.isArray(r.scopes) ? r.scopes.length : 0),
    },
    { key: 'id_aliases', header: 'ALIASES', priority: 4 },
    { key: 'description', header: 'DESCRIPTION', shrink: true },
    { key: 'scopes', header: 'SCOPE LIST', priority: 5 },
  ],
  defaults: ['id', 'name', 'role_type', 'scope_count', 'id_aliases', 'description'],
  emptyMessage: 'No roles.',
});

export const managedRoleView = defineView<Row>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'label', header: 'LABEL' },
    { key: 'role_type', header: 'TYPE', priority: 3 },
    { key: 'description', header: 'DESCRIPTION', shrink: true },
  ],
  emptyMessage: 'No roles.',
});
