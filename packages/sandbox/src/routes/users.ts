import { type HandlerMap, ok } from '../http.js';
import type { SandboxState, UserRecord } from '../state.js';

/**
 * A user in the service's current-user form, the one place it is built: ReadUser's answer, and each user a
 * SAML provisioning answers with.
 */
export function currentUserForm(state: SandboxState, user: UserRecord) {
  return {
    idv2: user.id_v2,
    idv1: user.id_v1,
    name: user.name,
    email: user.email,
    emailVerified: true,
    membership: [{ organization: state.org.id, organizationName: state.org.name }],
    invites: [],
    lastLoginUTCTimestampHistory: [...user.last_logins],
  };
}

export const userHandlers = {
  /** The token's user in current-user form; for an org token, the user who created it. */
  ReadUser: ({ state, caller }) => ok(currentUserForm(state, caller.user)),
} satisfies HandlerMap;
