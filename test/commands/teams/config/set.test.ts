import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';
import { stubTeams, TEAM_ID } from './fixtures.js';

const cli = useCli();
const config = { analysis_configuration: { secrets: { entropy: 4.2, disable: false } } };

describe('teams config set: usage errors (exit 2, no request)', () => {
  it.each([
    [['teams', 'config', 'set', 'Web'], "missing required argument 'file'"],
    [['teams', 'config', 'set'], "missing required argument 'team'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('teams config set', () => {
  it('refuses an unknown key or a wrong value with the line (exit 3) before any request', async () => {
    const path = join(cli.configDir, 'team.yml');
    writeFileSync(path, 'analysis_configuration:\n  secrets:\n    entropy: 4\n  cpg2sp:\n    max-steps: 3\n');
    const r = await cli.run(['teams', 'config', 'set', 'Web', path], { env: authEnv() });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: ${path}:4: analysis_configuration: unknown key "cpg2sp" (choose from secrets)`,
    );
    writeFileSync(path, 'analysis_configuration:\n  secrets:\n    disable: maybe\n');
    const wrong = await cli.run(['teams', 'config', 'set', 'Web', path], { env: authEnv() });
    expect(wrong.stderr.split('\n')[0]).toBe(
      `error: ${path}:3: analysis_configuration.secrets.disable: Invalid input: expected boolean, received string`,
    );
    expect(cli.calls()).toEqual([]);
  });

  it('round-trips `show -o yaml` without asking', async () => {
    stubTeams(cli, 'Web', [{ team_id: TEAM_ID, team_name: 'Web' }]);
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(config));
    cli.stub('UpdateTeamConfig', { path: { rbacTeamID: TEAM_ID }, body: config }).reply(200, ok(config));
    const r = await cli.run(['teams', 'config', 'set', 'Web', '-'], {
      env: authEnv(),
      stdin: 'analysis_configuration:\n  secrets:\n    entropy: 4.2\n    disable: false\n',
    });
    expect(r).toEqual({
      code: 0,
      stdout: 'secrets\tenabled, entropy 4.2\n',
      stderr: 'Replaced the configuration of team Web. No setting changed.\n',
    });
  });

  it('names what the file resets and needs --yes', async () => {
    const body = { analysis_configuration: { secrets: { disable: true } } };
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(config));
    const refused = await cli.run(['teams', 'config', 'set', TEAM_ID, '-'], {
      env: authEnv(),
      stdin: JSON.stringify(body),
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '<stdin> leaves out analysis_configuration.secrets.entropy: replacing the configuration of team',
    );
    cli.stub('ReadTeamConfig', { path: { rbacTeamID: TEAM_ID } }).reply(200, ok(config));
    cli.stub('UpdateTeamConfig', { path: { rbacTeamID: TEAM_ID }, body }).reply(200, ok(body));
    const done = await cli.run(['teams', 'config', 'set', TEAM_ID, '-', '--yes'], {
      env: authEnv(),
      stdin: JSON.stringify(body),
    });
    expect(done.code).toBe(0);
    expect(done.stderr).toContain(
      'Changed: analysis_configuration.secrets.entropy, analysis_configuration.secrets.disable.',
    );
  });
});
