import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { stubTeams, TEAM_ID } from './fixtures.js';

const cli = useCli();

describe('teams config merged: usage errors (exit 2, no request)', () => {
  it.each([[['teams', 'config', 'merged'], "missing required argument 'team'"]])(
    '%j',
    async (argv, message) => {
      expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
    },
  );
});

describe('teams config merged', () => {
  it('prints the effective configuration', async () => {
    stubTeams(cli, 'Web', [{ team_id: TEAM_ID, team_name: 'Web' }]);
    const merged = { analysis_configuration: { secrets: { entropy: 3.5, disable: true } } };
    cli.stub('ReadMergedTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(merged));
    const r = await cli.run(['teams', 'config', 'merged', 'Web', '-o', 'json'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(merged);
  });

  it('maps an unknown team id to exit 5', async () => {
    cli
      .stub('ReadMergedTeamConfig', { path: { rbacTeamID: TEAM_ID } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: `no team ${TEAM_ID}` });
    const r = await cli.run(['teams', 'config', 'merged', TEAM_ID], { env: authEnv() });
    expect(r.code).toBe(5);
  });
});
