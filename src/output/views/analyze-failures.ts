import { defineView } from '../core/view.js';

export const failureView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'created_at', header: 'CREATED', priority: 2 },
    { key: 'app_name', header: 'APP' },
    { key: 'category', header: 'CATEGORY', priority: 3 },
    { key: 'affects', header: 'AFFECTS', priority: 4 },
    { key: 'is_partial', header: 'PARTIAL', priority: 5 },
    { key: 'code', header: 'CODE', priority: 5 },
    { key: 'message', header: 'MESSAGE', shrink: true },
    { key: 'domain', header: 'DOMAIN', priority: 6 },
    { key: 'polyglot_scan_id', header: 'SCAN', priority: 6 },
    { key: 'compound_id', header: 'COMPOUND', priority: 6 },
  ],
  defaults: ['id', 'created_at', 'app_name', 'category', 'affects', 'message'],
  emptyMessage: 'No analysis failures.',
});
