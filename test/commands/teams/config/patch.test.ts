import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { stubTeams, TEAM_ID } from './fixtures.js';

const cli = useCli();

describe('teams config patch: usage errors (exit 2, no request)', () => {
  it.each([[['teams', 'config', 'patch', 'Web'], "missing required argument 'file'"]])(
    '%j',
    async (argv, message) => {
      expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
    },
  );
});

describe('teams config patch', () => {
  it('sends only what the file holds and prints the configuration the service answers', async () => {
    stubTeams(cli, 'Web', [{ team_id: TEAM_ID, team_name: 'Web' }]);
    const before = { analysis_configuration: { secrets: { entropy: 4.2 } } };
    const body = { analysis_configuration: { secrets: { disable: true } } };
    const after = { analysis_configuration: { secrets: { entropy: 4.2, disable: true } } };
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(before));
    cli.stub('PatchTeamConfig', { path: { rbacTeamID: TEAM_ID }, body }).reply(200, ok(after));
    const r = await cli.run(['teams', 'config', 'patch', 'Web', '-', '-o', 'json'], {
      env: authEnv(),
      stdin: 'analysis_configuration: {secrets: {disable: true}}\n',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(after);
    expect(r.stderr).toBe(
      'Patched the configuration of team Web. Changed: analysis_configuration.secrets.disable.\n',
    );
  });

  it('names how to check a patch whose answer was lost', async () => {
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok({}));
    cli
      .stub('PatchTeamConfig', { path: { rbacTeamID: TEAM_ID } })
      .replyWithError(new Error('socket hang up'));
    const r = await cli.run(['teams', 'config', 'patch', TEAM_ID, '-'], {
      env: authEnv(),
      stdin: 'analysis_configuration: {secrets: {disable: true}}\n',
    });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('may or may not have been applied');
    expect(r.stderr).toContain(`secscan teams config show ${TEAM_ID}`);
  });
});
