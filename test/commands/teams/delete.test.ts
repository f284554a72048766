import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { stubTeamByName, team, TEAM_ID } from './fixtures.js';

const cli = useCli();

describe('teams delete: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['teams', 'delete', 'Payments', '--version', '-1'],
      'invalid value for --version: "-1" (expected a whole number from 0 to 9007199254740991)',
    ],
    [['teams', 'delete'], "missing required argument 'team'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('needs --yes when nobody can answer', async () => {
    expectUsage(
      await cli.run(['teams', 'delete', 'Payments'], { env: authEnv() }),
      'Delete team Payments? Its members lose the access it gave them: confirmation needed; pass --yes to proceed without a prompt',
      cli,
    );
  });
});

describe('teams delete', () => {
  it('reads the current version and sends it', async () => {
    stubTeamByName(cli);
    cli.stub('ReadTeam', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(team));
    cli.stub('DeleteTeam', { path: { rbacTeamID: TEAM_ID }, body: { version: 4 } }).reply(200, { ok: true });
    const result = await cli.run(['teams', 'rm', 'Payments', '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'Deleted team Payments.\n' });
  });

  it('sends the --version given without reading the team', async () => {
    cli.stub('DeleteTeam', { path: { rbacTeamID: TEAM_ID }, body: { version: 2 } }).reply(200, { ok: true });
    const result = await cli.run(['teams', 'delete', TEAM_ID, '--version', '2', '-y'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(cli.calls()).toHaveLength(1);
  });

  it('reports a stale version as a conflict (exit 6) with a hint, and does not retry', async () => {
    cli.stub('DeleteTeam', { path: { rbacTeamID: TEAM_ID }, body: { version: 2 } }).reply(409, {
      ok: false,
      code: 'TEAM_VERSION_CONFLICT',
      message: 'team Payments is at version 4, not 2',
    });
    const result = await cli.run(['teams', 'delete', TEAM_ID, '--version', '2', '-y'], { env: authEnv() });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      'error: DeleteTeam: team Payments is at version 4, not 2 (HTTP 409 TEAM_VERSION_CONFLICT)\n' +
        `hint: the team changed since it was read: check it with \`secscan teams show ${TEAM_ID}\` and run the command again\n`,
    );
    expect(cli.calls()).toHaveLength(1);
  });
});
