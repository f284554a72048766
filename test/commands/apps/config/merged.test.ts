import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('apps config merged: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'config', 'merged'], "missing required argument 'id'"],
    [
      ['apps', 'config', 'merged', '_a'],
      'invalid app id "_a": letters and digits, with _ : . - allowed inside',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps config merged', () => {
  it('prints the effective configuration; -o json keeps every key', async () => {
    const merged = {
      default_branch: 'main',
      analysis_configuration: { secrets: { disable: true } },
      inherited_from: 'org',
    };
    cli
      .stub('ReadMergedAppConfig', { path: { appID: 'payments-api' } })
      .reply(200, ok(merged))
      .times(2);
    const r = await cli.run(['apps', 'config', 'merged', 'payments-api'], { env: authEnv() });
    expect(r.stdout).toBe('default_branch\tmain\nsecrets\tdisabled\ncpg2sp\t\n');
    const json = await cli.run(['apps', 'config', 'merged', 'payments-api', '-o', 'json'], {
      env: authEnv(),
    });
    expect(JSON.parse(json.stdout)).toEqual(merged);
  });
});
