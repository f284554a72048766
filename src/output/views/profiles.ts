import { defineView } from '../view.js';

export const profileView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'current', header: 'CURRENT', get: (r) => (r.current ? '*' : '') },
    { key: 'name', header: 'NAME' },
    { key: 'base_url', header: 'BASE URL' },
    { key: 'org_id', header: 'ORG' },
    { key: 'has_token', header: 'TOKEN', get: (r) => (r.has_token ? 'yes' : 'no') },
  ],
  emptyMessage: 'No profiles yet: run `secscan auth login`.',
});
