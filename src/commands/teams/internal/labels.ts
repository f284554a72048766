import type { ApiClient } from '../../../api/client.js';
import type { Context } from '../../../context.js';
import { readRoles, type RoleBook } from '../../../access/state.js';
import { AuthError } from '../../../errors.js';
import { userEmails } from '../../shared/users.js';

/** How `teams export` names a team's members: by e-mail, and by role name (a custom role by its name). */
export interface MemberLabels {
  email(userId: string): string | undefined;
  role(ref: string): string;
}

/**
 * The role listing and the user listing `teams show` names members with. A token that may read the team but
 * not list roles or users (403) gets ids, with a warning: the team is still shown.
 */
export async function memberLabels(ctx: Context, client: ApiClient): Promise<MemberLabels> {
  const refused = (error: unknown): undefined => {
    if (!(error instanceof AuthError) || error.status !== 403) throw error;
    return undefined;
  };
  const [roles, emails] = await Promise.all([
    readRoles(client).catch(refused),
    userEmails(client).catch(refused),
  ]);
  if (!roles) ctx.warn('the token may not list roles: roles shown by id');
  if (!emails) ctx.warn('the service does not list the users for this token: members shown by user id');
  return {
    email: (id) => emails?.get(id),
    role: (ref) => (roles ? label(roles, ref) : ref),
  };
}

const label = (roles: RoleBook, ref: string): string => roles.label(roles.key(ref));
