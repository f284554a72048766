import type { CurrentUser } from '@secscan/api/schemas/users';
import { defineView } from '../core/view.js';

type Orgs = CurrentUser['membership'] | CurrentUser['invites'];
const orgs = (list: Orgs) =>
  (list ?? []).map((m) => `${m.organizationName ?? ''} (${m.organization ?? ''})`).join('\n');

export const userView = defineView<CurrentUser>({
  columns: [
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email' },
    { key: 'idv2', header: 'User id' },
    { key: 'membership', header: 'Organizations', get: (u) => orgs(u.membership) },
    { key: 'invites', header: 'Invitations', get: (u) => orgs(u.invites) },
  ],
});
