import { defineView } from '../core/view.js';

export const scopeView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'scope', header: 'SCOPE' },
    { key: 'resource', header: 'RESOURCE', priority: 2, get: (r) => String(r.scope).split(':')[0] },
    { key: 'action', header: 'ACTION', priority: 2, get: (r) => String(r.scope).split(':')[1] },
  ],
  emptyMessage: 'No scopes.',
});

export function scopeRows(scopes: string[]): Record<string, unknown>[] {
  return [...scopes].sort().map((scope) => ({ scope }));
}
