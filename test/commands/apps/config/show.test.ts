import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('apps config show: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'config', 'show'], "missing required argument 'id'"],
    [
      ['apps', 'config', 'show', 'a b'],
      'invalid app id "a b": letters and digits, with _ : . - allowed inside',
    ],
    [['apps', 'config', 'shw', 'a'], "unknown command 'shw' (did you mean show?)"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps config show', () => {
  it('prints the app’s own configuration', async () => {
    cli.stub('ReadAppConfig', { path: { appID: 'payments-api' } }).reply(
      200,
      ok({
        default_branch: 'main',
        analysis_configuration: {
          secrets: { entropy: 4.5, disable: false },
          cpg2sp: { 'max-steps': 200000 },
        },
      }),
    );
    const r = await cli.run(['apps', 'config', 'show', 'payments-api'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: 'default_branch\tmain\nsecrets\tenabled, entropy 4.5\ncpg2sp\t200000\n',
      stderr: '',
    });
  });
});
