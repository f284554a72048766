import type { ApiClient } from '../../../../api/client.js';
import { uuidPattern } from '@secscan/api/values';
import { UsageError } from '../../../../errors.js';
import { noSuchTeam } from '../../../shared/teams.js';
import { arg } from '../../../define.js';
import { nonEmpty } from '../../../parsers.js';

export const teamArg = arg('team', 'team id or name', { parser: nonEmpty('team'), complete: 'team' });

/** A team id as given, or the id of the team with that name (exact, else the only case-insensitive match). */
export async function resolveTeam(client: ApiClient, team: string): Promise<string> {
  if (uuidPattern.test(team)) return team;
  const teams = [];
  for await (const page of client.pages('ListTeams', { query: { teamName: team, no_members: true } })) {
    teams.push(...page);
  }
  const exact = teams.filter((t) => t.team_name === team);
  const matches = exact.length
    ? exact
    : teams.filter((t) => t.team_name?.toLowerCase() === team.toLowerCase());
  if (matches.length === 1) return (matches[0] as { team_id: string }).team_id;
  if (!matches.length) throw await noSuchTeam(client, `no team is named ${team}`, [team]);
  throw new UsageError(
    `${matches.length} teams are named ${team}: give the team id (${matches.map((t) => t.team_id).join(', ')})`,
  );
}
