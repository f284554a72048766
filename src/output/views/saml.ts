import { defineView } from '../core/view.js';

type Row = Record<string, unknown>;

const idp = (r: Row) =>
  typeof r.idp_metadata_url === 'string' && r.idp_metadata_url
    ? r.idp_metadata_url
    : typeof r.idp_metadata === 'string' && r.idp_metadata
      ? '(metadata XML)'
      : '';

export const samlListView = defineView<Row>({
  columns: [
    { key: 'name', header: 'NAME' },
    { key: 'idp', header: 'IDP METADATA', get: idp, max: 60 },
    { key: 'default_org_role', header: 'DEFAULT ROLE' },
    { key: 'allow_implicit_invites', header: 'IMPLICIT INVITES', priority: 3 },
    { key: 'allow_idp_initiated_logins', header: 'IDP LOGINS', priority: 3 },
    { key: 'sign_auth_requests', header: 'SIGNED REQUESTS', priority: 4 },
  ],
  emptyMessage: 'No SAML configurations.',
});

export const samlView = defineView<Row>({
  columns: [
    { key: 'name', header: 'Name' },
    { key: 'idp', header: 'IdP metadata', get: idp },
    { key: 'default_org_role', header: 'Default org role' },
    { key: 'allow_implicit_invites', header: 'Implicit invites' },
    { key: 'sign_auth_requests', header: 'Signed requests' },
    { key: 'allow_idp_initiated_logins', header: 'IdP-initiated logins' },
    { key: 'idp_default_relay_state', header: 'Relay state' },
    { key: 'sp_metadata_url', header: 'SP metadata URL' },
    { key: 'sp_login_url', header: 'SP login URL' },
  ],
});

/** A result of `saml provision` or `saml reset-token`: one line per user, e-mail or role. */
export const samlOutcomeView = defineView<Row>({
  columns: [
    { key: 'result', header: 'RESULT' },
    { key: 'kind', header: 'WHAT' },
    // An e-mail or a role: half of one is none.
    { key: 'value', header: 'VALUE', shrink: false },
    { key: 'user_id', header: 'USER ID', priority: 3 },
    { key: 'detail', header: 'DETAIL', max: 70 },
  ],
  emptyMessage: 'Nothing to report.',
});
