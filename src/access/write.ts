import type { ApiClient } from '../api/client.js';
import { ApiError, ExitCode, notFoundError, RejectedError } from '../errors.js';

export interface AppMove {
  app: string;
  from: string;
  fromName: string;
}

/** Team names by id, from the listing (for messages that name a team). */
export async function teamNames(client: ApiClient): Promise<Map<string, string>> {
  const rows = (await client.allPages('ListTeams', { query: { no_members: true } })).flat();
  return new Map(rows.map((t) => [t.team_id, t.team_name]));
}

/**
 * Apps to add to a team (undefined: a team to create): each must exist; one held by another team moves
 * only with `force`, and is refused naming that team otherwise. Returns the moves.
 */
export async function checkApps(
  client: ApiClient,
  teamId: string | undefined,
  apps: readonly string[],
  force: boolean,
  forceFlag = '--force',
): Promise<AppMove[]> {
  if (!apps.length) return [];
  const known = new Map((await client.call('ListApps')).map((a) => [a.id, a.team_id]));
  const unknown = apps.filter((id) => !known.has(id));
  if (unknown.length)
    throw notFoundError(`no app has the id ${unknown.join(', ')}`, 'see `secscan apps list`');
  const held = apps.filter((id) => {
    const holder = known.get(id);
    return holder && holder !== teamId;
  });
  if (!held.length) return [];
  const names = await teamNames(client);
  const moves = held.map((app) => {
    const from = known.get(app) as string;
    return { app, from, fromName: names.get(from) ?? from };
  });
  if (!force) {
    const list = moves.map((m) => `${m.app} (team ${m.fromName})`).join(', ');
    throw new RejectedError(
      `${moves.length === 1 ? 'an app belongs' : 'apps belong'} to another team: ${list}`,
      ExitCode.rejected,
      409,
      undefined,
      teamId
        ? `${forceFlag} moves ${moves.length === 1 ? 'it' : 'them'} out of that team`
        : 'create the team without it, then move it: `secscan teams update TEAM --add-app ID --force`',
    );
  }
  return moves;
}

/** A stale team version (409) is a conflict to report, never a reason to retry blindly. */
export async function withConflictHint<T>(team: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      throw new RejectedError(
        error.message,
        ExitCode.rejected,
        409,
        error.body,
        `the team changed since it was read: check it with \`secscan teams show ${team}\` and run the command again`,
      );
    }
    throw error;
  }
}
