import type { ApiClient } from '../../api/client.js';
import { uuidPattern } from '@secscan/api/values';
import { notFoundError, UsageError } from '../../errors.js';

export interface TeamRef {
  id: string;
  /** Known when the team was found by name. */
  name?: string;
}

/**
 * TEAM is an id or a name, everywhere: a UUID is the id; a name is looked up in the team listing (exact
 * case first, then any case). Two teams of that name need the id.
 */
export async function resolveTeam(client: ApiClient, ref: string): Promise<TeamRef> {
  if (uuidPattern.test(ref)) return { id: ref };
  const rows = (await client.allPages('ListTeams', { query: { teamName: ref, no_members: true } })).flat();
  const exact = rows.filter((t) => t.team_name === ref);
  const matches = exact.length ? exact : rows.filter((t) => t.team_name.toLowerCase() === ref.toLowerCase());
  const [only] = matches;
  if (only && matches.length === 1) return { id: only.team_id, name: only.team_name };
  if (!only) throw notFoundError(`no team is named ${JSON.stringify(ref)}`, 'see `secscan teams list`');
  throw new UsageError(
    `${matches.length} teams are named ${JSON.stringify(ref)}: give the team id (${matches.map((t) => t.team_id).join(', ')})`,
  );
}
