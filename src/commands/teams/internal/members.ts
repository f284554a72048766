import type { ApiClient } from '../../../api/client.js';
import { splitRole } from '../../shared/refs.js';
import { resolveUsers } from '../../shared/users.js';

export interface Member {
  user_id_v2: string;
  team_role: string;
  /** The e-mail given, for messages. */
  label: string;
}

/** `--member USER[:ROLE]` values resolved to user ids (every unknown e-mail is one error, before any write). */
export async function resolveMembers(client: ApiClient, specs: readonly string[]): Promise<Member[]> {
  const parts = specs.map(splitRole);
  const users = await resolveUsers(
    client,
    parts.map((p) => p.ref),
  );
  const byUser = new Map<string, Member>();
  for (const { ref, role: teamRole } of parts) {
    const user = users.get(ref);
    if (user) byUser.set(user.id, { user_id_v2: user.id, team_role: teamRole, label: ref });
  }
  return [...byUser.values()];
}
