import type { ApiClient } from '../../api/client.js';
import { uuidPattern } from '@secscan/api/values';
import { ApiError, notFoundError } from '../../errors.js';
import { mapLimit } from '../../util/batches.js';

export interface UserRef {
  id: string;
  email?: string;
}

export const isUserId = (ref: string): boolean => uuidPattern.test(ref);

/** One e-mail looked up (ListOrgRBACUsers?email=): the user, or undefined. */
async function byEmail(client: ApiClient, email: string): Promise<UserRef | undefined> {
  const rows = (await client.allPages('ListOrgRBACUsers', { query: { email } })).flat();
  const user = rows.find((u) => u.email.toLowerCase() === email.toLowerCase());
  return user ? { id: user.id_v2, email: user.email } : undefined;
}

/** Looks e-mails up a few at a time (user ids are taken as given): those found, and those not. */
export async function lookupUsers(
  client: ApiClient,
  refs: readonly string[],
): Promise<{ found: Map<string, UserRef>; unknown: string[] }> {
  const unique = [...new Set(refs)];
  const users = await mapLimit(unique, 8, async (ref) =>
    isUserId(ref) ? { id: ref } : await byEmail(client, ref),
  );
  const found = new Map<string, UserRef>();
  const unknown: string[] = [];
  unique.forEach((ref, i) => {
    const user = users[i];
    if (user) found.set(ref, user);
    else unknown.push(ref);
  });
  return { found, unknown };
}

/**
 * USER is an e-mail or a user id: e-mails are looked up before anything is written. Every unknown e-mail
 * is named in one not-found error.
 */
export async function resolveUsers(
  client: ApiClient,
  refs: readonly string[],
): Promise<Map<string, UserRef>> {
  const { found, unknown } = await lookupUsers(client, refs);
  if (unknown.length) {
    throw notFoundError(
      `no user has the e-mail ${unknown.join(', ')}`,
      'invite them first, or check the spelling: `secscan users list --email ADDRESS`',
    );
  }
  return found;
}

export async function resolveUser(client: ApiClient, ref: string): Promise<UserRef> {
  return (await resolveUsers(client, [ref])).get(ref) as UserRef;
}

/**
 * E-mails of users by id, from the organization's user listing (the vendor document lists users without
 * `email`). A service that refuses to list without an e-mail (400) gives undefined: callers fall back to ids.
 */
export async function userEmails(client: ApiClient): Promise<Map<string, string> | undefined> {
  const emails = new Map<string, string>();
  try {
    for await (const page of client.pages('ListOrgRBACUsers')) {
      for (const user of page) emails.set(user.id_v2, user.email);
    }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 422)) return undefined;
    throw error;
  }
  return emails;
}
