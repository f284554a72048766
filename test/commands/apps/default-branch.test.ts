import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('apps default-branch: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'default-branch', 'payments-api'], "missing required argument 'branch'"],
    [['apps', 'default-branch', 'payments-api', ' '], 'branch must not be empty'],
    [
      ['apps', 'default-branch', 'a_', 'main'],
      'invalid app id "a_": letters and digits, with _ : . - allowed inside',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps default-branch', () => {
  it('sets the branch and notes the one the service answers', async () => {
    cli
      .stub('UpdateAppDefaultBranch', { path: { appID: 'payments-api' }, body: { default_branch: 'trunk' } })
      .reply(200, ok({ default_branch: 'trunk' }));
    const r = await cli.run(['apps', 'default-branch', 'payments-api', 'trunk'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'The default branch of payments-api is now trunk.\n' });
  });
});
