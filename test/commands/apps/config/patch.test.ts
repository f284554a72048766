import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('apps config patch: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['apps', 'config', 'patch', 'a', '--secrets-entropy', 'high'],
      'invalid value for --secrets-entropy: "high" (expected a number, 0 or more)',
    ],
    [
      ['apps', 'config', 'patch', 'a', '--cpg2sp-max-steps', '0'],
      'invalid value for --cpg2sp-max-steps: "0" (expected a whole number from 1 to 1000000000)',
    ],
    [
      ['apps', 'config', 'patch', 'a', '--file', 'f', '--secrets-disable'],
      '--file and --secrets-disable cannot be used together',
    ],
    [
      ['apps', 'config', 'patch', 'a', '--secrets-disable', '--secrets-enable'],
      '--secrets-disable and --secrets-enable cannot be used together',
    ],
    [['apps', 'config', 'patch', 'a', '--default-branch', ''], '--default-branch must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps config patch', () => {
  it('sends only the given settings', async () => {
    cli
      .stub('PatchAppConfig', {
        path: { appID: 'pay' },
        body: { analysis_configuration: { secrets: { disable: true }, cpg2sp: { 'max-steps': 5000 } } },
      })
      .reply(200, ok({ default_branch: 'main' }));
    cli
      .stub('ReadAppConfig', { path: { appID: 'pay' } })
      .reply(200, ok({ default_branch: 'main', analysis_configuration: { secrets: { disable: true } } }));
    const r = await cli.run(
      ['apps', 'config', 'patch', 'pay', '--secrets-disable', '--cpg2sp-max-steps', '5000'],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(cli.calls()[0]?.body).toEqual({
      analysis_configuration: { secrets: { disable: true }, cpg2sp: { 'max-steps': 5000 } },
    });
    expect(r.stdout).toBe('default_branch\tmain\nsecrets\tdisabled\ncpg2sp\t\n');
    expect(r.stderr).toBe('Updated the configuration of pay.\n');
  });

  it('sends the entropy as a number and --secrets-enable as disable: false, with the default branch', async () => {
    const body = {
      default_branch: 'trunk',
      analysis_configuration: { secrets: { entropy: 4.8, disable: false } },
    };
    cli.stub('PatchAppConfig', { path: { appID: 'pay' }, body }).reply(200, ok({ default_branch: 'trunk' }));
    cli.stub('ReadAppConfig', { path: { appID: 'pay' } }).reply(200, ok(body));
    const r = await cli.run(
      [
        'apps',
        'config',
        'patch',
        'pay',
        '--secrets-entropy',
        '4.8',
        '--secrets-enable',
        '--default-branch',
        'trunk',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
  });
});
