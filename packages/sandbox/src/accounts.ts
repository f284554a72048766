import { tokenValue } from './auth.js';
import { type ManagedRoleKey, managedRoleIds } from './roles.js';
import type { SandboxState } from './state.js';

export interface Accounts {
  orgId: string;
  /** One user per built-in role, with a user token, the Super Admin first. */
  users: { email: string; role: string; token: string }[];
  /** The seeded org tokens by name: `ci`, `expired`, `jira`, `serviceAccount`. */
  tokens: Record<string, string>;
  /** Ids of the token roles (`ci`, `jira`, `serviceAccount`), for `tokens create --role`. */
  roles: Record<ManagedRoleKey, string>;
}

/** Who tests and the demo can act as: every seeded user's token and the seeded org tokens. */
export function accounts(state: SandboxState): Accounts {
  const users = state.users.flatMap((user) => {
    const token = state.tokens.items.find((t) => t.kind === 'user' && t.user_id === user.id_v2);
    return token ? [{ email: user.email, role: user.org_role, token: tokenValue(state, token) }] : [];
  });
  const tokens: Record<string, string> = {};
  for (const [name, id] of Object.entries(state.tokens.demo)) {
    const token = state.tokens.items.find((t) => t.id === id);
    if (token) tokens[name] = tokenValue(state, token);
  }
  return { orgId: state.org.id, users, tokens, roles: { ...managedRoleIds } };
}
