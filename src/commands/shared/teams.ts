import type { ApiClient } from '../../api/client.js';
import { uuidPattern } from '@secscan/api/values';
import { type NotFoundError, notFoundError, UsageError } from '../../errors.js';
import { closeNamesHint } from '../../names/did-you-mean.js';
import { closeNames } from '../../util/near.js';

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
  if (!only) throw await noSuchTeam(client, `no team is named ${JSON.stringify(ref)}`, [ref]);
  throw new UsageError(
    `${matches.length} teams are named ${JSON.stringify(ref)}: give the team id (${matches.map((t) => t.team_id).join(', ')})`,
  );
}

/**
 * A team name that is no team's: the not-found error, its hint naming the close names among the
 * organization's teams (`did you mean Backend?`); those of `listed` when the caller has every team already,
 * else one listing (a listing refused leaves the hint as it was).
 */
export async function noSuchTeam(
  client: ApiClient,
  message: string,
  names: readonly string[],
  listed?: readonly { team_name?: string | undefined }[],
): Promise<NotFoundError> {
  const teams =
    listed ??
    (await client
      .allPages('ListTeams', { query: { no_members: true } })
      .then((pages) => pages.flat())
      .catch(() => []));
  const known = teams.flatMap((t) => (t.team_name ? [t.team_name] : []));
  const near = [...new Set(names.flatMap((name) => closeNames(name, known)))];
  return notFoundError(message, closeNamesHint(near, '`secscan teams list`'));
}
