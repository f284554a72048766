import type { Cli } from '../../../helpers/cli.js';
import { ok } from '../../../helpers/cli.js';

export const TEAM_ID = '0b7c2f3e-1a2b-4c3d-8e9f-a0b1c2d3e4f5';
export const OTHER_ID = '5d6e7f80-9a0b-4c1d-8e2f-3a4b5c6d7e8f';

/** ListTeams answers a name lookup (no members). */
export function stubTeams(cli: Cli, name: string, teams: { team_id: string; team_name: string }[]): void {
  cli.stub('ListTeams', { query: { teamName: name, no_members: true } }).reply(200, ok(teams));
}
