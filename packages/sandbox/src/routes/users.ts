import { type HandlerMap, ok } from '../http.js';

export const userHandlers: HandlerMap = {
  /** The token's user in current-user form; for an org token, the user who created it. */
  ReadUser: ({ state, caller }) => {
    const { user } = caller;
    return ok({
      idv2: user.id_v2,
      idv1: user.id_v1,
      name: user.name,
      email: user.email,
      emailVerified: true,
      membership: [{ organization: state.org.id, organizationName: state.org.name }],
      invites: [],
      lastLoginUTCTimestampHistory: [...user.last_logins],
    });
  },
};
