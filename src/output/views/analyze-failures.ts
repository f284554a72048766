import { defineView } from '../view.js';

export const failureView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'created_at', header: 'CREATED' },
    { key: 'app_name', header: 'APP' },
    { key: 'category', header: 'CATEGORY' },
    { key: 'affects', header: 'AFFECTS' },
    { key: 'is_partial', header: 'PARTIAL' },
    { key: 'code', header: 'CODE' },
    { key: 'message', header: 'MESSAGE', shrink: true },
    { key: 'domain', header: 'DOMAIN' },
    { key: 'polyglot_scan_id', header: 'SCAN' },
    { key: 'compound_id', header: 'COMPOUND' },
  ],
  defaults: ['id', 'created_at', 'app_name', 'category', 'affects', 'message'],
  emptyMessage: 'No analysis failures.',
});
