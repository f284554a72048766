import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { OTHER_ID, stubTeams, TEAM_ID } from './fixtures.js';

const cli = useCli();
const config = { analysis_configuration: { secrets: { entropy: 4.2, disable: false } } };

describe('teams config show: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'config', 'show'], "missing required argument 'team'"],
    [['teams', 'config', 'show', ''], 'team must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams config show', () => {
  it('takes a team id as is', async () => {
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(config));
    const r = await cli.run(['teams', 'config', 'show', TEAM_ID], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: 'secrets\tenabled, entropy 4.2\n', stderr: '' });
  });

  it('resolves a team name through ListTeams, exactly, then case-insensitively', async () => {
    stubTeams(cli, 'Payments', [
      { team_id: OTHER_ID, team_name: 'Payments EU' },
      { team_id: TEAM_ID, team_name: 'Payments' },
    ]);
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(config));
    const exact = await cli.run(['teams', 'config', 'show', 'Payments', '-o', 'yaml'], { env: authEnv() });
    expect(exact.stdout).toBe('analysis_configuration:\n  secrets:\n    entropy: 4.2\n    disable: false\n');
    stubTeams(cli, 'payments', [{ team_id: TEAM_ID, team_name: 'Payments' }]);
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(config));
    const folded = await cli.run(['teams', 'config', 'show', 'payments'], { env: authEnv() });
    expect(folded.code).toBe(0);
  });

  it('says when no team has the name (exit 5) or several do (exit 2)', async () => {
    stubTeams(cli, 'Nope', []);
    const none = await cli.run(['teams', 'config', 'show', 'Nope'], { env: authEnv() });
    expect(none.code).toBe(5);
    expect(none.stderr).toBe('error: no team is named Nope\nhint: see `secscan teams list`\n');
    stubTeams(cli, 'web', [
      { team_id: TEAM_ID, team_name: 'Web' },
      { team_id: OTHER_ID, team_name: 'WEB' },
    ]);
    const two = await cli.run(['teams', 'config', 'show', 'web'], { env: authEnv() });
    expect(two.code).toBe(2);
    expect(two.stderr).toBe(`error: 2 teams are named web: give the team id (${TEAM_ID}, ${OTHER_ID})\n`);
  });

  it('refuses an answer of the wrong shape (exit 8)', async () => {
    cli
      .stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } })
      .reply(200, ok({ analysis_configuration: { secrets: { entropy: 'high' } } }));
    const r = await cli.run(['teams', 'config', 'show', TEAM_ID], { env: authEnv() });
    expect(r.code).toBe(8);
  });
});
