import { defineView } from '../view.js';

export const authStatusView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'profile', header: 'Profile' },
    { key: 'base_url', header: 'Service' },
    { key: 'org_id', header: 'Organization' },
    { key: 'user', header: 'User' },
    { key: 'token', header: 'Token' },
    { key: 'token_source', header: 'Token from' },
    { key: 'scopes', header: 'Scopes', get: (r) => (r.scopes as string[]).join('\n') },
  ],
});
