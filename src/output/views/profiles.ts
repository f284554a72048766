import { defineView } from '../core/view.js';

export const profileView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'current', header: 'CURRENT', get: (r) => (r.current ? '*' : '') },
    { key: 'name', header: 'NAME' },
    { key: 'base_url', header: 'BASE URL', priority: 2 },
    { key: 'org_id', header: 'ORG', priority: 3 },
    { key: 'has_token', header: 'TOKEN', priority: 2, get: (r) => (r.has_token ? 'yes' : 'no') },
  ],
  emptyMessage: 'No profiles yet: run `secscan auth login`.',
});
