import type { Cli } from '../../helpers/cli.js';
import { ok } from '../../helpers/cli.js';

export const TEAM_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
export const OTHER_TEAM = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
export const ALICE = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
export const BOB = '3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e';
export const GROUP_ID = '3f2e1d0c-9b8a-4776-8554-433221100fed';

export const team = {
  version: 4,
  team_id: TEAM_ID,
  team_name: 'Payments',
  applications: ['payments-api'],
  users: [{ user_id_v2: ALICE, team_role: 'TEAM_MEMBER' }],
};

export const user = (id: string, email: string) => ({
  id_v2: id,
  name: email.split('@')[0],
  email,
  team_membership: [],
});

/** TEAM given by name: the listing filtered by it. */
export function stubTeamByName(cli: Cli, name = 'Payments', id = TEAM_ID): void {
  cli
    .stub('ListTeams', { query: { teamName: name, no_members: true } })
    .reply(200, ok([{ team_id: id, team_name: name }]));
}

export function stubUser(cli: Cli, email: string, id: string | undefined): void {
  cli.stub('ListOrgRBACUsers', { query: { email } }).reply(200, ok(id ? [user(id, email)] : []));
}
