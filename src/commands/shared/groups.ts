import type { ApiClient } from '../../api/client.js';
import { uuidPattern } from '@secscan/api/values';
import { notFoundError, UsageError } from '../../errors.js';

export interface GroupRef {
  id: string;
  name?: string;
}

/** GROUP is a group id or its name: the exact name first, then the name in any case. */
export async function resolveGroup(client: ApiClient, ref: string): Promise<GroupRef> {
  if (uuidPattern.test(ref)) return { id: ref };
  const same = {
    name: (name: string) => name === ref,
    iname: (name: string) => name.toLowerCase() === ref.toLowerCase(),
  };
  for (const key of ['name', 'iname'] as const) {
    const pages = await client.allPages('ListHumanGroups', { query: { [key]: ref, no_members: true } });
    const groups = pages.flatMap((page) => page.groups);
    // Checked here too: a service that ignores the filter must not hand back another group.
    const matches = groups.filter((g) => same[key](g.group_name));
    const [only] = matches;
    if (only && matches.length === 1) return { id: only.group_id, name: only.group_name };
    if (matches.length > 1) {
      throw new UsageError(
        `${matches.length} groups are named ${JSON.stringify(ref)}: give the group id (${matches.map((g) => g.group_id).join(', ')})`,
      );
    }
  }
  throw notFoundError(`no group is named ${JSON.stringify(ref)}`, 'see `secscan groups list`');
}
