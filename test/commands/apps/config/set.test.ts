import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';

const cli = useCli();
const config = { default_branch: 'main', analysis_configuration: { secrets: { entropy: 4.5 } } };

describe('apps config set: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['apps', 'config', 'set', 'a'],
      'nothing to change: give --file, or --secrets-entropy, --secrets-disable, --cpg2sp-max-steps, --default-branch',
    ],
    [
      ['apps', 'config', 'set', 'a', '--file', 'f.yml', '--default-branch', 'main'],
      '--file and --default-branch cannot be used together',
    ],
    [['apps', 'config', 'set', 'a', '--file', ''], '--file must not be empty'],
    [
      ['apps', 'config', 'set', 'a', '--secrets-entropy', '-1'],
      'invalid value for --secrets-entropy: "-1" (expected a number, 0 or more)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps config set', () => {
  it('replaces the configuration from --file, then prints it as read back', async () => {
    const file = join(cli.configDir, 'config.yml');
    writeFileSync(file, 'default_branch: main\nanalysis_configuration:\n  secrets:\n    entropy: 4.5\n');
    cli
      .stub('UpdateAppConfig', { path: { appID: 'pay' }, body: config })
      .reply(200, ok({ default_branch: 'main' }));
    cli.stub('ReadAppConfig', { path: { appID: 'pay' } }).reply(200, ok(config));
    const r = await cli.run(['apps', 'config', 'set', 'pay', '--file', file, '-o', 'json'], {
      env: authEnv(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(config);
    expect(r.stderr).toBe('Replaced the configuration of pay.\n');
  });

  it('reads --file - from standard input', async () => {
    cli
      .stub('UpdateAppConfig', { path: { appID: 'pay' }, body: config })
      .reply(200, ok({ default_branch: 'main' }));
    cli.stub('ReadAppConfig', { path: { appID: 'pay' } }).reply(200, ok(config));
    const r = await cli.run(['apps', 'config', 'set', 'pay', '--file', '-'], {
      env: authEnv(),
      stdin: JSON.stringify(config),
    });
    expect(r.code).toBe(0);
  });

  it('refuses a file that is not a configuration (exit 3, no request)', async () => {
    const file = join(cli.configDir, 'config.yml');
    writeFileSync(file, 'analysis_configuration:\n  secrets:\n    entropy: high\n');
    const r = await cli.run(['apps', 'config', 'set', 'pay', '--file', file], { env: authEnv() });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: --file: ${file}: analysis_configuration.secrets.entropy: Invalid input: expected number, received string`,
    );
    expect(cli.calls()).toEqual([]);
  });
});
